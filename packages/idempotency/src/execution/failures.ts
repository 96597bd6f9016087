import { createToolError, type ToolErrorCode, ToolFailureError } from '@armorer/core';

/** Ends the call with a precise, non-retryable error (what the interceptor throws). */
export function failure(code: ToolErrorCode, message: string, cause?: unknown): ToolFailureError {
  return new ToolFailureError(
    createToolError(code, message, cause === undefined ? { retryable: false } : { retryable: false, cause }),
  );
}

/** A store operation failed before the tool ran: safe to retry. */
export function storeFailure(toolName: string, cause: unknown): ToolFailureError {
  return new ToolFailureError(
    createToolError(
      'IDEMPOTENCY_STORE_FAILED',
      `Tool "${toolName}" did not run: its idempotency record could not be read or written. Retry later.`,
      { cause },
    ),
  );
}
