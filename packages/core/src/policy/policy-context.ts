import type { CallState } from '../execution/call-state';
import type { PolicyContext } from './types';

/** What policy hooks (`beforeExecute`, `afterExecute`) read about a call. */
export function createPolicyContext(state: CallState): PolicyContext {
  const reg = state.reg;
  return {
    toolName: reg.config.name,
    callId: state.callId,
    executionId: state.executionId,
    ownerId: state.ownerId,
    params: state.params,
    call: state.call,
    description: reg.config.description,
    tags: reg.config.tags,
    metadata: reg.config.metadata,
    context: reg.context,
    policyContext: reg.owner.policyContext,
    requestContext: state.requestContext,
    approval: state.resume?.policyView,
  };
}
