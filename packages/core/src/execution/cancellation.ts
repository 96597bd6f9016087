import { createToolError, describeThrown, type ToolError } from '../errors/tool-error';
import { type CallState, INTERRUPTED } from './call-state';

export { INTERRUPTED } from './call-state';

// setTimeout fires at once for delays past 2^31-1 ms; treat such deadlines as "no deadline".
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Wires the caller's signal and the call's deadline to the call state. Returns the function that
 * unwires them; the caller's own signal is only listened to, never aborted.
 */
export function armCancellation(
  state: CallState,
  signal: AbortSignal | undefined,
  timeout: number | undefined,
): () => void {
  const toolName = state.reg.config.name;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (timeout !== undefined && timeout <= MAX_TIMER_MS) {
    state.ext.deadline = Object.freeze({ timeoutMs: timeout, deadlineAt: Date.now() + timeout });
    timer = setTimeout(() => {
      void state.cancel(
        createToolError('TIMEOUT', `Tool "${toolName}" did not finish within ${timeout} ms.`, {
          details: { timeoutMs: timeout },
        }),
      );
    }, timeout);
  }
  const onAbort = (): void => {
    state.cancel(cancelledError(toolName, signal?.reason));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
}

/** Waits for a promise unless the call is interrupted first; a late settlement is ignored safely. */
export function waitInterruptible<T>(
  state: CallState,
  promise: PromiseLike<T>,
): Promise<T | typeof INTERRUPTED> {
  if (state.interrupted !== undefined) {
    Promise.resolve(promise).then(undefined, () => {});
    return Promise.resolve(INTERRUPTED);
  }
  waitingState = state;
  waitingPromise = promise as PromiseLike<unknown>;
  return new Promise<T | typeof INTERRUPTED>(
    waitExecutor as (resolve: (value: T | typeof INTERRUPTED) => void) => void,
  );
}

// The executor of every interruptible wait is one shared function: a promise executor runs synchronously
// inside `new Promise`, so the state and the awaited promise can be handed over through these two slots,
// and a wait allocates no closure. The resolve function itself is the interrupt hook; a stale hook left on
// the state after the wait settled is harmless (resolving twice is a no-op).
let waitingState: CallState | undefined;
let waitingPromise: PromiseLike<unknown> | undefined;

function waitExecutor(resolve: (value: unknown) => void, reject: (reason: unknown) => void): void {
  const state = waitingState as CallState;
  const promise = waitingPromise as PromiseLike<unknown>;
  waitingState = undefined;
  waitingPromise = undefined;
  state.interrupt = resolve as (value: unknown) => void;
  promise.then(resolve, reject);
}

/** The error a call ends with when the caller cancels it. */
export function cancelledError(toolName: string, reason: unknown): ToolError {
  const text = reason === undefined ? 'the caller cancelled it' : describeThrown(reason);
  return createToolError('CANCELLED', `Tool "${toolName}" was cancelled: ${text}.`, {
    details: { reason: text },
  });
}
