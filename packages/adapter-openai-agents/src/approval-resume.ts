import { createToolError, type ToolResult } from '@armorer/core';
import type { ResumeApproval } from './types';

/**
 * The default {@link ResumeApproval}: refuses the call with a clear reason. armorer resumes paused calls
 * through `toolbox.resumeApproval` (its approval flow, with signed bindings and an approval state store);
 * until that flow is available to this gate, an approval given in the SDK alone never executes a call that
 * armorer's policy paused. Replace it with the `resumeApproval` gate option to resume through your own flow.
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
