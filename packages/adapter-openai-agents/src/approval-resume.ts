import { createToolError, type ResumeApprovalOptions, type ToolResult } from '@armorer/core';
import type { ResumeApproval } from './types';

/**
 * A {@link ResumeApproval} that refuses the call with a clear reason: an approval given in the SDK alone
 * never executes a call that armorer's policy paused. {@link resumeThroughToolbox} falls back to it when the
 * paused call has no signed binding (the toolbox has no `approvalSecret`) or no request context.
 *
 * @example
 * ```ts
 * const gate = createOpenAIToolGate(toolbox, { resumeApproval: refuseUnresumedApproval });
 * ```
 */
export const refuseUnresumedApproval: ResumeApproval = async (pending) => {
  const reason =
    'a person approved it in the OpenAI Agents SDK, but armorer policy paused it and armorer cannot resume it ' +
    'from that approval (no approval flow is configured for this gate)';
  const error = createToolError(
    'POLICY_DENIED',
    `Tool "${pending.toolName}" was not executed: ${reason}. Do not retry the same call.`,
    { details: { reason } },
  );
  const result: ToolResult = {
    callId: pending.callId,
    toolCallId: pending.callId,
    toolName: pending.toolName,
    outcome: 'denied',
    result: undefined,
    content: error.message,
    error,
    executionId: pending.executionId,
    ownerId: undefined,
  };
  return result;
};

/**
 * The gate's default {@link ResumeApproval}: a call that armorer paused with a signed binding (the toolbox
 * has an `approvalSecret`) and that a person approved in the SDK resumes through `toolbox.resumeApproval`,
 * under the same request context the call carried: the signature, the request identity, the revisions and
 * the one-time use are all checked, and policy runs again knowing that a human approved. A call without a
 * signed binding, or without a request context, is refused by {@link refuseUnresumedApproval}.
 *
 * @example
 * ```ts
 * const gate = createOpenAIToolGate(toolbox, { resumeApproval: resumeThroughToolbox });
 * ```
 */
export const resumeThroughToolbox: ResumeApproval = async (pending, context) => {
  const requestContext = context.callOptions?.requestContext;
  if (pending.binding === undefined || requestContext === undefined) {
    return refuseUnresumedApproval(pending, context);
  }
  const options: ResumeApprovalOptions = { requestContext };
  const signal = context.callOptions?.signal;
  const timeout = context.callOptions?.timeout;
  return context.toolbox.resumeApproval(pending, {
    ...options,
    ...(signal === undefined ? {} : { signal }),
    ...(timeout === undefined ? {} : { timeout }),
  });
};
