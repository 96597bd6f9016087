import { missingCapabilityOf } from '../approval/capability-check';
import { authorizeWithGrant, stopCall } from '../approval/lazy-steps';
import { approvalStop } from '../policy/approval-stops';
import { runPolicyStage } from '../policy/evaluate';
import { narrowCapabilities } from '../policy/narrow-capabilities';
import { createPolicyContext } from '../policy/policy-context';
import type { PolicyContext } from '../policy/types';
import { type CallState, INTERRUPTED } from './call-state';
import { failWith, interrupted } from './stages/finish';
import { passGates } from './stages/gates';
import { settleStarted } from './stages/run';
import { waitInterruptible } from './stages/wait-interruptible';
import type { ToolResult } from './types';

/**
 * The stages of a call that may wait, loaded with the first call that needs one (see `./stages`): policy
 * hooks, approval gates and the concurrency queue before the implementation; streams and `afterExecute`
 * after it. A toolbox whose calls never need them keeps them out of its bundle.
 */

/** The stages that may wait: policy hooks and the concurrency queue. */
export async function policyThenInvoke(state: CallState): Promise<ToolResult> {
  const reg = state.reg;
  const config = reg.config;
  const resume = state.resume;
  const approvalGate = reg.approvalGate;
  if (reg.hasBeforeExecute) {
    let context = createPolicyContext(state);
    const narrow = (capabilities: readonly string[]): PolicyContext => {
      state.ext.hostRequestContext ??= state.requestContext;
      state.requestContext = narrowCapabilities(state.requestContext, capabilities);
      context = { ...context, requestContext: state.requestContext };
      state.ext.policyContext = context;
      return context;
    };
    state.ext.policyContext = context;
    state.setPhase('waiting');
    const stop = await waitInterruptible(
      state,
      runPolicyStage(config.name, 'beforeExecute', reg.owner.policy, config.policy, context, narrow),
    );
    if (stop === INTERRUPTED || state.interrupted !== undefined) return interrupted(state);
    // On a resume, a person already answered needs_approval/needs_input; a denial still ends the call.
    if (stop !== undefined && (resume === undefined || stop.status === 'deny')) return stopCall(state, stop);
    if (approvalGate !== undefined) {
      const missing = missingCapabilityOf(approvalGate, state.requestContext);
      if (missing !== undefined) {
        return failWith(state, 'policy-denied', 'denied', 'capabilityDenied', config.name, missing);
      }
    }
  }
  if (approvalGate?.ask === true && resume === undefined) {
    state.setPhase('waiting');
    // Interruptible: a grant store that never answers must not outlive the call's timeout or abort.
    const granted = await waitInterruptible(state, authorizeWithGrant(state));
    if (granted === INTERRUPTED || state.interrupted !== undefined) return interrupted(state);
    if (!granted) return stopCall(state, approvalStop(config.name, approvalGate.reason));
  }
  return settleStarted(passGates(state));
}
