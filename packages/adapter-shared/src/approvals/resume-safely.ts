import {
  createToolError,
  describeThrown,
  type PendingApproval,
  type ToolError,
  type ToolResult,
} from '@armorer/core';

/** A result for a paused call that did not run, with the given error. */
export function notRunResult(
  pending: PendingApproval,
  outcome: 'denied' | 'error',
  error: ToolError,
): ToolResult {
  return {
    callId: pending.callId,
    toolCallId: pending.callId,
    toolName: pending.toolName,
    outcome,
    result: undefined,
    content: error.message,
    error,
    executionId: pending.executionId,
    ownerId: undefined,
  };
}

/**
 * Runs an adapter's resume hook for an approved call. A hook never throws into the provider's SDK: its
 * failure is an `EXECUTION_FAILED` error result the model reads.
 */
export async function resumeSafely<TContext>(
  resume: (pending: PendingApproval, context: TContext) => Promise<ToolResult>,
  pending: PendingApproval,
  context: TContext,
): Promise<ToolResult> {
  try {
    return await resume(pending, context);
  } catch (thrown) {
    const error = createToolError(
      'EXECUTION_FAILED',
      `Tool "${pending.toolName}" was approved but could not be resumed: ${describeThrown(thrown)}`,
      { cause: thrown },
    );
    return notRunResult(pending, 'error', error);
  }
}
