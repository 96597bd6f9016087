import { afterExecuteStop } from '../../policy/approval-stops';
import { runPolicyStage } from '../../policy/evaluate';
import { createPolicyContext } from '../../policy/policy-context';
import type { CallState } from '../call-state';
import type { ToolResult } from '../types';
import { failWith, finishCall, interrupted } from './finish';
import { checkOutput } from './output-check';
import { collectStream, liveStream } from './stream';
import type { SafeParseResult } from './validation';

/*
 * The after-checks (see `./after`), a chunk loaded with the first call that needs one: a stream collected or
 * served live, then, for a value, the output schema and the `afterExecute` policy. A toolbox whose tools
 * return plain values and have neither keeps them out of its bundle.
 */

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

async function afterPolicyThenFinish(state: CallState, value: unknown): Promise<ToolResult> {
  const reg = state.reg;
  const base = state.x?.policyContext ?? createPolicyContext(state);
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
