import { createToolError, describeThrown, type ToolError } from '../errors/tool-error';
import type { CallState } from './call-state';

/** Returned by {@link waitInterruptible} when the call was cancelled or timed out while waiting. */
export const INTERRUPTED: unique symbol = Symbol('armorer.interrupted');

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
    timer = setTimeout(() => {
      state.cancel(
        createToolError('TIMEOUT', `Tool "${toolName}" did not finish within ${timeout} ms.`, {
          details: { timeoutMs: timeout },
        }),
      );
    }, timeout);
  }
  const onAbort = (): void => state.cancel(cancelledError(toolName, signal?.reason));
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
  return new Promise<T | typeof INTERRUPTED>((resolve, reject) => {
    state.interrupt = () => resolve(INTERRUPTED);
    promise.then(resolve, reject);
  }).finally(() => {
    state.interrupt = undefined;
  });
}

/** The error a call ends with when the caller cancels it. */
export function cancelledError(toolName: string, reason: unknown): ToolError {
  const text = reason === undefined ? 'the caller cancelled it' : describeThrown(reason);
  return createToolError('CANCELLED', `Tool "${toolName}" was cancelled: ${text}.`, {
    details: { reason: text },
  });
}
