import { describeThrown, type ToolError, toolErrorOf } from '../../errors/tool-error';
import type { CallState } from '../call-state';

export { INTERRUPTED } from '../call-state';

// setTimeout fires at once for delays past 2^31-1 ms; treat such deadlines as "no deadline".
export const MAX_TIMER_MS = 2_147_483_647;

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
        toolErrorOf('TIMEOUT', 'timeout', true, `Tool "${toolName}" did not finish within ${timeout} ms.`, {
          timeoutMs: timeout,
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

/** The error a call ends with when the caller cancels it. */
export function cancelledError(toolName: string, reason: unknown): ToolError {
  const text = reason === undefined ? 'the caller cancelled it' : describeThrown(reason);
  return toolErrorOf('CANCELLED', 'cancelled', false, `Tool "${toolName}" was cancelled: ${text}.`, {
    reason: text,
  });
}
