import type { PolicyStop } from '../policy/evaluate';
import { createPendingApproval } from '../policy/pending-approval';
import type { PolicyContext } from '../policy/types';
import type { CallState } from './call-state';
import type { Registration } from './registration';
import { finishCall } from './stages/finish';
import type { ToolCall, ToolResult } from './types';

// Only the waiting stages (policy, approval) use these: a module of its own so they load with them.

/** What policy hooks read about a call. */
export function createPolicyContext(
  reg: Registration,
  state: CallState,
  call: ToolCall,
  params: Record<string, unknown>,
): PolicyContext {
  return {
    toolName: reg.config.name,
    callId: state.callId,
    executionId: state.executionId,
    ownerId: state.ownerId,
    params,
    call,
    description: reg.config.description,
    tags: reg.config.tags,
    metadata: reg.config.metadata,
    context: reg.context,
    policyContext: reg.owner.policyContext,
    requestContext: state.requestContext,
    approval: state.resume?.policyView,
  };
}

/** Ends a call a policy stopped: denied, or paused for approval or input. */
export function stopped(state: CallState, stop: PolicyStop, params: Record<string, unknown>): ToolResult {
  if (stop.status === 'deny') return finishCall(state, 'denied', undefined, stop.error, 'policy-denied');
  state.ext.pendingApproval = createPendingApproval(state, stop, params);
  return finishCall(state, 'action_required', undefined, stop.error);
}
