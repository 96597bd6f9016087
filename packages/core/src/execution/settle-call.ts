import type { CallState } from './call-state';
import { complete, failed } from './stages/after';
import { interrupted } from './stages/finish';
import type { ToolResult } from './types';

/**
 * Awaits a running implementation and completes the call, with one promise per call: the promise the
 * caller gets is resolved by the implementation's settlement or, first, by an interruption (which ends the
 * call at once while the implementation may keep running, cleanup-pending).
 */
export function awaitImplementation(state: CallState): Promise<ToolResult> {
  settlingState = state;
  return new Promise<ToolResult>(settleExecutor);
}

// Handed to the shared executor synchronously inside `new Promise` (see waitInterruptible).
let settlingState: CallState | undefined;

function settleExecutor(resolve: (result: ToolResult | Promise<ToolResult>) => void): void {
  const state = settlingState as CallState;
  settlingState = undefined;
  state.resolveCall = resolve;
  // Called as `state.interrupt(...)` by cancel(), so `this` is the state: no closure per call.
  state.interrupt = settleInterrupted;
  (state.pending as PromiseLike<unknown>).then(
    (value) => settleCall(state, 0, value),
    (error: unknown) => settleCall(state, 1, error),
  );
}

function settleInterrupted(this: CallState): void {
  settleCall(this, 2, undefined);
}

/** Resolves the caller's promise once: 0 the implementation returned, 1 it threw, 2 the call was interrupted. */
function settleCall(state: CallState, how: 0 | 1 | 2, value: unknown): void {
  const resolve = state.resolveCall;
  if (resolve === undefined) return;
  state.resolveCall = undefined;
  try {
    resolve(how === 0 ? complete(state, value) : how === 1 ? failed(state, value) : interrupted(state));
  } catch (error) {
    // Settling itself failed (a hostile value slipped through): the call still ends, once.
    try {
      resolve(state.done && state.result !== undefined ? state.result : failed(state, error));
    } catch (again) {
      resolve(Promise.reject(again));
    }
  }
}
