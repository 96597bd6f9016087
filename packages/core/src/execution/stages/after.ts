import { later } from '../../chunks/later';
import { type CallState, INTERRUPTED } from '../call-state';
import type { ToolResult } from '../types';
import { isAsyncIterable } from './async-iterable';
import { failedWith, finishCall, interrupted } from './finish';

/*
 * 7. After: what the implementation produced becomes the call's result. A plain value finishes the call at
 * once. A stream (collected, or served live with `stream: true`), an output schema and an `afterExecute`
 * policy are the after-checks (`./after-checks`), a chunk loaded with the first call that needs one.
 */

const afterChecks = /* @__PURE__ */ later(() => import('./after-checks'));

/** Ends a call whose implementation produced a value: a stream or checked output, or success. */
export function complete(state: CallState, value: unknown): ToolResult | Promise<ToolResult> {
  if (state.interrupted !== undefined || value === INTERRUPTED) return interrupted(state);
  state.pending = undefined;
  let streamed: boolean;
  try {
    streamed = isAsyncIterable(value);
  } catch (error) {
    // A `Symbol.asyncIterator` getter that throws: the implementation failed.
    return failed(state, error);
  }
  if (streamed || state.reg.finishesLater) {
    const checks = afterChecks.module;
    if (checks === undefined) return checkOnceLoaded(state, value, streamed);
    return streamed
      ? checks.finishStream(state, value as AsyncIterable<unknown>)
      : checks.finishValue(state, value);
  }
  return finishCall(state, 'success', value, undefined, 'execute-success');
}

/** Ends a call whose implementation threw or rejected. */
export function failed(state: CallState, error: unknown): ToolResult | Promise<ToolResult> {
  if (state.interrupted !== undefined) return interrupted(state);
  return failedWith(state, error);
}

/** The first call that needs the after-checks waits for their chunk. */
async function checkOnceLoaded(state: CallState, value: unknown, streamed: boolean): Promise<ToolResult> {
  const checks = await afterChecks.load();
  return streamed
    ? checks.finishStream(state, value as AsyncIterable<unknown>)
    : checks.finishValue(state, value);
}
