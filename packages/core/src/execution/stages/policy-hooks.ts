import { missingCapabilityOf } from '../../approval/capability-check';
import { later } from '../../chunks/later';
import { approvalStop } from '../../policy/approval-stops';
import { type PolicyStop, runPolicyStage } from '../../policy/evaluate';
import { narrowCapabilities } from '../../policy/narrow-capabilities';
import { createPendingApproval } from '../../policy/pending-approval';
import { createPolicyContext } from '../../policy/policy-context';
import type { PolicyContext } from '../../policy/types';
import { type CallState, INTERRUPTED } from '../call-state';
import type { ToolResult } from '../types';
import { failWith, finishCall, interrupted } from './finish';
import { passGates } from './gates';
import { waitInterruptible } from './wait-interruptible';

/*
 * The policy hooks (see `./policy`), a chunk loaded with the first call that has one: `beforeExecute` of the
 * toolbox and the tool (which may narrow the call's capabilities), then the approval policy's question,
 * which a reusable grant may answer in a person's place. Every wait ends early when the call is cancelled or
 * times out. A pause that gets a signed, resumable binding loads the approval code (`approval/pause`); a
 * grant lookup loads its own (`approval/authorize-with-grant`).
 */

const pauses = /* @__PURE__ */ later(() => import('../../approval/pause'));
const grants = /* @__PURE__ */ later(() => import('../../approval/authorize-with-grant'));

/** Runs the `beforeExecute` hooks, then the approval policy's question when it asks. */
export async function runHooks(state: CallState): Promise<ToolResult | CallState> {
  const reg = state.reg;
  const config = reg.config;
  const resume = state.resume;
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
  const approvalGate = reg.approvalGate;
  if (approvalGate !== undefined) {
    // Checked after the hooks: they may have narrowed the capabilities.
    const missing = missingCapabilityOf(approvalGate, state.requestContext);
    if (missing !== undefined) {
      return failWith(state, 'policy-denied', 'denied', 'capabilityDenied', config.name, missing);
    }
    if (approvalGate.ask === true && resume === undefined) return askApproval(state);
  }
  return passGates(state);
}

/** The approval policy asks about this tool: a reusable grant answers, or the call pauses for a person. */
export async function askApproval(state: CallState): Promise<ToolResult | CallState> {
  const gate = state.reg.approvalGate;
  state.setPhase('waiting');
  // Interruptible: a grant store that never answers must not outlive the call's timeout or abort.
  const granted = await waitInterruptible(state, authorizeWithGrant(state));
  if (granted === INTERRUPTED || state.interrupted !== undefined) return interrupted(state);
  if (!granted) return stopCall(state, approvalStop(state.reg.config.name, gate?.reason ?? ''));
  return passGates(state);
}

/** Looks for a reusable grant that authorizes this call (see `approval/authorize-with-grant`). */
async function authorizeWithGrant(state: CallState): Promise<boolean> {
  const settings = state.reg.owner.approvalSettings;
  if (settings === undefined || !settings.signs) return false;
  let module = grants.module;
  if (module === undefined || settings.runtime === undefined) {
    [module] = await Promise.all([grants.load(), settings.load()]);
  }
  return module.authorizeWithGrant(state);
}

/**
 * Ends a call a policy stopped: denied, or paused for approval or input. Under a toolbox that signs, a pause
 * gets a signed binding issued to the approval state store (see `approval/pause`); without a secret the
 * descriptor stays unsigned (and cannot be resumed).
 */
function stopCall(state: CallState, stop: PolicyStop): ToolResult | Promise<ToolResult> {
  if (stop.status === 'deny') return finishCall(state, 'denied', undefined, stop.error, 'policy-denied');
  const settings = state.reg.owner.approvalSettings;
  if (settings === undefined || !settings.signs) {
    state.ext.pendingApproval = createPendingApproval(state, stop, state.params);
    return finishCall(state, 'action_required', undefined, stop.error);
  }
  // After the first pause the module and the runtime are loaded: no load per call.
  const module = pauses.module;
  if (module !== undefined && settings.runtime !== undefined) return module.pauseWithBinding(state, stop);
  return Promise.all([pauses.load(), settings.load()]).then(([pause]) => pause.pauseWithBinding(state, stop));
}
