import { type ApprovalBinding, ApprovalError, parseApprovalBinding } from '@armorer/approval';
import {
  type AnyTool,
  createToolError,
  type ResumeApprovalOptions,
  type ResumedToolResult,
  type ToolError,
} from '@armorer/core';
import type { Engine } from './engine';
import { readPause } from './pause-record';
import { refusedResult } from './refused-result';
import { CallTicket } from './ticket';
import type { IdempotentExecuteOptions, IdempotentResumedToolResult } from './types';

/** What a resume needs of the toolbox an idempotent toolbox wraps. */
export interface ResumableToolbox {
  getTool(name: string): AnyTool | undefined;
  resumeApproval(descriptor: unknown, options: ResumeApprovalOptions): Promise<ResumedToolResult>;
}

/**
 * Resumes a paused call through the idempotency layer, under the key the paused call carried (read from the
 * record its pause left in the cache, see `recordPause`): the approved side effect is claimed and recorded
 * under that key like any execution, so a redelivered task is answered from the record, and a resume after
 * that task ran is answered `deduped`. Everything that can refuse runs before the approval is touched.
 */
export async function resumeWithIdempotency(
  engine: Engine,
  inner: ResumableToolbox,
  descriptor: unknown,
  input: ResumeApprovalOptions,
): Promise<IdempotentResumedToolResult> {
  const given = input as IdempotentExecuteOptions | undefined;
  const options = engine.pinned(given);
  let snapshot: { binding?: unknown };
  let binding: ApprovalBinding;
  try {
    // One copy, read once: the binding read here is exactly the one the toolbox then verifies.
    snapshot = JSON.parse(JSON.stringify(descriptor));
    binding = parseApprovalBinding(snapshot?.binding);
  } catch (error) {
    const reason = ApprovalError.isInstance(error) ? error.code : 'invalid-binding';
    return refused(undefined, options, invalid(reason, 'its descriptor is not a readable approval', error));
  }
  const refusal = engine.refusal(binding.toolName, options);
  if (refusal !== undefined) return refused(binding, options, refusal);
  if (
    given?.idempotencyKey !== undefined ||
    given?.resolutionReceipt !== undefined ||
    given?.legacyResolutionReceipt !== undefined
  ) {
    const message = `Tool "${binding.toolName}" was not resumed: a resume runs under the key its paused call carried; pass no idempotencyKey or receipt.`;
    return refused(binding, options, createToolError('INVALID_TOOL_CALL', message));
  }
  let key: string | null | undefined;
  try {
    key = await readPause(engine, binding);
  } catch (error) {
    const message = `Tool "${binding.toolName}" was not resumed: the record of its pause could not be read. Retry later.`;
    return refused(binding, options, createToolError('IDEMPOTENCY_STORE_FAILED', message, { cause: error }));
  }
  if (key === undefined) {
    const tool = inner.getTool(binding.toolName);
    // A call that could only have used the cache with a caller key, and paused without one, left no
    // record and carries no key: it resumes untouched (the toolbox refuses an unknown tool itself).
    if (tool === undefined || !engine.mayUseCache(undefined, tool.configuration)) {
      return inner.resumeApproval(snapshot, options as ResumeApprovalOptions);
    }
    return refused(
      binding,
      options,
      invalid(
        'idempotency-record-missing',
        'its pause left no record in this idempotent toolbox (it paused elsewhere, or the record expired), so the key it carried is unknown',
      ),
    );
  }
  if (key === null) {
    const message = `Tool "${binding.toolName}" was not resumed: its idempotency key could not be derived when it paused.`;
    return refused(binding, options, createToolError('INVALID_TOOL_CALL', message));
  }
  const ticket = new CallTicket({ idempotencyKey: key }, false);
  const intercepted = engine.intercepted(options, given, ticket) as unknown as ResumeApprovalOptions;
  return inner.resumeApproval(snapshot, intercepted);
}

function invalid(reason: string, why: string, cause?: unknown): ToolError {
  return createToolError(
    'APPROVAL_INVALID',
    `The approval cannot be resumed here (${reason}): ${why}. The tool did not run.`,
    cause === undefined ? { details: { reason } } : { details: { reason }, cause },
  );
}

function refused(
  binding: ApprovalBinding | undefined,
  options: IdempotentExecuteOptions | undefined,
  error: ToolError,
): IdempotentResumedToolResult {
  const call =
    binding === undefined ? undefined : { id: binding.callId, name: binding.toolName, arguments: {} };
  return { ...refusedResult(call, options, error), executedArgumentsEdited: false };
}
