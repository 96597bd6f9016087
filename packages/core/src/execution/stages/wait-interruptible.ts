import { type CallState, INTERRUPTED } from '../call-state';

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
