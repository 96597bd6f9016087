import { createToolError, StoreError, type ToolErrorCode, ToolFailureError } from '@armorer/core';

/** Ends the call with a precise, non-retryable error (what the interceptor throws). */
export function failure(code: ToolErrorCode, message: string, cause?: unknown): ToolFailureError {
  return new ToolFailureError(
    createToolError(code, message, cause === undefined ? { retryable: false } : { retryable: false, cause }),
  );
}

/**
 * A store operation failed before the tool ran. Whether a retry can help follows from the store's error: a
 * lost connection or a deadline can pass (`retryable`, with the store's `retryAfterMs`), a closed or
 * misconfigured store cannot. A failure that is not a `StoreError` (a store of your own) counts as passing.
 */
export function storeFailure(toolName: string, cause: unknown): ToolFailureError {
  const lasting = isLasting(cause);
  const message = lasting
    ? `Tool "${toolName}" did not run: its idempotency store cannot be used (${lasting}). Retrying will not help until the store is fixed.`
    : `Tool "${toolName}" did not run: its idempotency record could not be read or written. Retry later.`;
  return new ToolFailureError(createToolError('IDEMPOTENCY_STORE_FAILED', message, { cause }));
}

/** The code of a store error that retrying cannot fix, or undefined. */
function isLasting(cause: unknown): string | undefined {
  try {
    return StoreError.isInstance(cause) && cause.retryable !== true ? cause.code : undefined;
  } catch {
    return undefined;
  }
}
