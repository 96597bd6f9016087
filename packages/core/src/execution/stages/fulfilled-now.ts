/**
 * Reading a promise that already settled without waiting for it. JavaScript has no way to ask a promise
 * whether it settled; Bun does (`Bun.peek`). An `async` implementation that never awaits (a calculator, a
 * lookup in memory, a validation) returns a promise that is already fulfilled: reading its value at once
 * lets the call end synchronously, as a call of a synchronous implementation does, instead of paying a
 * reaction, a promise of its own and one more turn of the microtask queue. Where the engine cannot tell
 * (Node, browsers), every promise is treated as pending and the call waits for it as usual.
 */

/** What {@link fulfilledValue} answers for a promise that is pending or rejected, or an engine that cannot tell. */
export const NOT_FULFILLED: unique symbol = Symbol();

interface Peek {
  (promise: Promise<unknown>): unknown;
  status(promise: Promise<unknown>): 'pending' | 'fulfilled' | 'rejected';
}

const peek = (globalThis as { Bun?: { peek?: Peek } }).Bun?.peek;
const canPeek = typeof peek?.status === 'function';

/**
 * The value of a native promise that is already fulfilled, or {@link NOT_FULFILLED}. A rejected promise
 * answers NOT_FULFILLED too: its rejection is handled where pending promises are, so it is never reported
 * as unhandled and its error takes the usual path.
 */
export function fulfilledValue(promise: Promise<unknown>): unknown {
  return canPeek && (peek as Peek).status(promise) === 'fulfilled' ? (peek as Peek)(promise) : NOT_FULFILLED;
}
