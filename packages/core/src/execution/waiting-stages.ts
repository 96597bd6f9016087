import { missingCapabilityOf } from '../approval/capability-check';
import { authorizeWithGrant, stopCall } from '../approval/lazy-steps';
import type { ToolError } from '../errors/tool-error';
import { afterExecuteStop, approvalStop } from '../policy/approval-stops';
import { runPolicyStage } from '../policy/evaluate';
import { narrowCapabilities } from '../policy/narrow-capabilities';
import type { PolicyContext } from '../policy/types';
import { type CallState, INTERRUPTED } from './call-state';
import { ConcurrencyGate } from './concurrency-gate';
import { checkOutput } from './output-check';
import { createPolicyContext } from './policy-steps';
import { afterCommit, commitThenInvoke, invoke, settleStarted } from './run-call';
import type { SafeParseResult } from './run-steps';
import { failWith, finishCall, interrupted } from './stages/finish';
import { collectStream, liveStream } from './stream';
import type { ToolResult } from './types';
import { waitInterruptible } from './wait-interruptible';

/**
 * The stages of a call that may wait, loaded with the first call that needs one (see `./stages`): policy
 * hooks, approval gates and the concurrency queue before the implementation; streams and `afterExecute`
 * after it. A toolbox whose calls never need them keeps them out of its bundle.
 */

/**
 * Waits for a resumed call's asynchronous commit, interruptibly: a store that never answers must not outlive
 * the call's timeout or abort. An interrupted call never runs; the resume hands the still-reserved binding
 * back.
 */
export async function invokeOnceCommitted(
  state: CallState,
  committing: Promise<ToolError | undefined>,
): Promise<ToolResult> {
  const failure = await waitInterruptible(state, committing);
  if (failure === INTERRUPTED) return interrupted(state);
  return settleStarted(afterCommit(state, failure));
}

/** The stages that may wait: policy hooks and the concurrency queue. */
export async function policyThenInvoke(state: CallState): Promise<ToolResult> {
  const reg = state.reg;
  const config = reg.config;
  const resume = state.resume;
  const approvalGate = reg.approvalGate;
  if (reg.hasBeforeExecute) {
    let context = createPolicyContext(reg, state, state.call, state.params);
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
  if (reg.concurrency !== undefined) {
    reg.gate ??= new ConcurrencyGate(reg.concurrency);
    const gate = reg.gate;
    const slot = gate.acquire(state);
    if (slot === true) state.ext.holdsSlot = true;
    else {
      state.ext.queuedAt = state.now();
      state.setPhase('queued');
      state.interrupt = () => gate.leave(state);
      state.ext.holdsSlot = await slot;
      if (!state.ext.holdsSlot || state.interrupted !== undefined) return interrupted(state);
    }
  }
  // A resumed call's binding is consumed only now, when nothing but the implementation is left to run.
  return settleStarted(resume === undefined ? invoke(state) : commitThenInvoke(state, resume));
}
/** Ends a call whose implementation returned an async iterable: a live stream, or collected chunks. */
export function finishStream(
  state: CallState,
  iterable: AsyncIterable<unknown>,
): ToolResult | Promise<ToolResult> {
  if (state.x?.wantsStream === true) {
    const live = liveStream(state, iterable);
    return finishCall(state, 'success', live, undefined, 'execute-success', live);
  }
  return collectThenFinish(state, iterable);
}

async function collectThenFinish(state: CallState, iterable: AsyncIterable<unknown>): Promise<ToolResult> {
  state.setPhase('streaming');
  const collected = await collectStream(state, iterable);
  if (state.interrupted !== undefined) return interrupted(state, collected.chunks);
  if (collected.failed) return finishCall(state, 'error', collected.chunks, collected.error, 'execute-error');
  if (state.reg.finishesLater) return finishValue(state, collected.chunks);
  return finishCall(state, 'success', collected.chunks, undefined, 'execute-success');
}

/**
 * Finishes a call whose implementation returned a value, for a tool with an output schema or an
 * `afterExecute` hook: the result is validated (OUTPUT_INVALID when it does not match; the schema's
 * output replaces it when it does), then the after-policy runs. Synchronous when both are.
 */
export function finishValue(state: CallState, value: unknown): ToolResult | Promise<ToolResult> {
  const output = state.reg.output;
  if (output === undefined) return afterOutput(state, value);
  const checked = checkOutput(output, value);
  if (checked instanceof Promise) return checked.then((result) => afterCheck(state, result));
  return afterCheck(state, checked);
}

function afterCheck(state: CallState, checked: SafeParseResult): ToolResult | Promise<ToolResult> {
  if (state.interrupted !== undefined) return interrupted(state);
  if (!checked.success) {
    const issues = checked.error?.issues ?? [];
    return failWith(state, 'execute-error', 'error', 'outputInvalid', state.reg.config.name, issues);
  }
  return afterOutput(state, checked.data);
}

function afterOutput(state: CallState, value: unknown): ToolResult | Promise<ToolResult> {
  if (state.reg.hasAfterExecute) return afterPolicyThenFinish(state, value);
  return finishCall(state, 'success', value, undefined, 'execute-success');
}

export async function afterPolicyThenFinish(state: CallState, value: unknown): Promise<ToolResult> {
  const reg = state.reg;
  const base = state.x?.policyContext ?? createPolicyContext(reg, state, state.call, state.params);
  const context = { ...base, outcome: 'success' as const, result: value, error: undefined };
  const stop = await runPolicyStage(
    reg.config.name,
    'afterExecute',
    reg.owner.policy,
    reg.config.policy,
    context,
  );
  if (stop !== undefined) {
    return finishCall(
      state,
      'denied',
      undefined,
      afterExecuteStop(reg.config.name, stop).error,
      'policy-denied',
    );
  }
  return finishCall(state, 'success', value, undefined, 'execute-success');
}
