import { notRunResult } from '@armorer/adapter-shared';
import {
  createToolError,
  describeThrown,
  type PendingApproval,
  type ResumeApprovalOptions,
  type ToolError,
  type ToolResult,
} from '@armorer/core';
import type { AISDKResumeApproval, AISDKResumeContext } from '../types';

function refused(pending: PendingApproval, why: string): ToolResult {
  const reason = `a person approved it in the AI SDK, but armorer cannot resume it: ${why}`;
  const error = createToolError(
    'POLICY_DENIED',
    `Tool "${pending.toolName}" was not executed: ${reason}. Do not retry the same call.`,
    { details: { reason } },
  );
  return notRunResult(pending, 'denied', error);
}

/**
 * The default {@link AISDKResumeApproval}: a call armorer paused with a signed binding (the toolbox has an
 * `approvalSecret`), approved by a person in the AI SDK, resumes through `toolbox.resumeApproval` under the
 * request context the call carries: the signature, the request identity, the revisions and the one-time use
 * are checked, and policy runs again knowing a person approved. A call without a signed binding or without a
 * request context is refused (outcome `denied`), and never runs.
 *
 * @example
 * ```ts
 * const tools = toAISDKTools(toolbox, { callOptions: { requestContext }, resumeApproval: resumeThroughToolbox });
 * ```
 */
export const resumeThroughToolbox: AISDKResumeApproval = async (pending, context) => {
  if (pending.binding === undefined) {
    return refused(pending, 'the toolbox has no approvalSecret, so its paused calls carry no signed binding');
  }
  const requestContext = context.callOptions?.requestContext;
  if (requestContext === undefined) {
    return refused(pending, 'the call has no requestContext (set it with the callOptions option)');
  }
  const options: { -readonly [K in keyof ResumeApprovalOptions]: ResumeApprovalOptions[K] } = {
    requestContext,
  };
  const signal = context.callOptions?.signal;
  const timeout = context.callOptions?.timeout;
  if (signal !== undefined) options.signal = signal;
  if (timeout !== undefined) options.timeout = timeout;
  return context.toolbox.resumeApproval(pending, options);
};
