import { missingCapabilityOf } from '../../approval/capability-check';
import { later } from '../../chunks/later';
import type { CallState } from '../call-state';
import { armCancellation, cancelledError } from '../lifetime/cancellation';
import type { Registration } from '../registration';
import type { ToolResult } from '../types';
import { failures, failWith, finishCall } from './finish';
import { passGates } from './gates';
import { run, type StartedCall } from './run';

/*
 * 4. Policy: what the toolbox decided about the tool when it was registered (`readOnly`, `allowMutation`,
 * `allowDangerous`; a required capability of the approval policy), then the hooks that decide per call
 * (`beforeExecute` of the toolbox and the tool, reusable grants, the approval policy's question). The hooks
 * may wait, so they are a chunk of their own (`./policy-hooks`), loaded with the first call that has one.
 */

const policyHooks = /* @__PURE__ */ later(() => import('./policy-hooks'));

/**
 * Applies policy to a validated call. From here on a call may wait (policy hooks, a grant store, a queue,
 * the implementation), so the caller's signal and the deadline are armed first.
 */
export function enforcePolicy(state: CallState, timeout: number | undefined): StartedCall {
  const reg = state.reg;
  const name = reg.config.name;
  const signal = state.x?.callerSignal;
  if (signal?.aborted) {
    return finishCall(state, 'cancelled', undefined, cancelledError(name, signal.reason));
  }
  if (signal !== undefined || timeout !== undefined)
    state.ext.disarm = armCancellation(state, signal, timeout);
  const denial = reg.metadataDenial;
  if (denial !== undefined) {
    if (denial !== 'warnUndeclared') {
      return failWith(state, 'policy-denied', 'denied', 'metadataDenied', name, denial);
    }
    warnUndeclared(reg, state.callId);
  }
  const approvalGate = reg.approvalGate;
  if (reg.hasBeforeExecute) {
    const hooks = policyHooks.module;
    return hooks !== undefined ? hooks.runHooks(state) : hooksOnceLoaded(state, false);
  }
  if (approvalGate !== undefined) {
    const missing = missingCapabilityOf(approvalGate, state.requestContext);
    if (missing !== undefined) {
      return failWith(state, 'policy-denied', 'denied', 'capabilityDenied', name, missing);
    }
    // A resumed call skips the approval policy's question: a person answered it.
    if (approvalGate.ask === true && state.resume === undefined) {
      const hooks = policyHooks.module;
      return hooks !== undefined ? hooks.askApproval(state) : hooksOnceLoaded(state, true);
    }
  }
  // No gate applies (no concurrency limit, no binding to commit): straight to the run stage.
  return reg.concurrency === undefined && state.resume === undefined ? run(state) : passGates(state);
}

/** The first call with a hook, or that asks, waits for the chunk. */
async function hooksOnceLoaded(state: CallState, ask: boolean): Promise<ToolResult | CallState> {
  const hooks = await policyHooks.load();
  return ask ? hooks.askApproval(state) : hooks.runHooks(state);
}

/**
 * A call of a tool that runs under `readOnly: true` without declaring `readOnly` or `mutates`: the
 * owner's `warning` event fires for it once (nothing is printed), and the tool runs.
 */
function warnUndeclared(reg: Registration, callId: string): void {
  const emitter = reg.owner.emitter;
  // Kept until someone listens: a listener added after the first call still hears it, once.
  if (!emitter.has('warning')) return;
  reg.metadataDenial = undefined;
  // The event and its wording load with the failure descriptions, so plain calls never carry them.
  failures.load().then(
    (loaded) => loaded.warnUndeclared(emitter, reg.config.name, callId),
    () => {},
  );
}
