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

const afterChecks = later(() => import('./after-checks'));

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
  if (streamed) return afterChecks.run(finishStream, state, value as AsyncIterable<unknown>);
  if (state.reg.finishesLater) return afterChecks.run(finishValue, state, value);
  return finishCall(state, 'success', value, undefined, 'execute-success');
}

/** Ends a call whose implementation threw or rejected. */
export function failed(state: CallState, error: unknown): ToolResult | Promise<ToolResult> {
  if (state.interrupted !== undefined) return interrupted(state);
  return failedWith(state, error);
}

function finishStream(
  checks: typeof import('./after-checks'),
  state: CallState,
  iterable: AsyncIterable<unknown>,
): ToolResult | Promise<ToolResult> {
  return checks.finishStream(state, iterable);
}

function finishValue(
  checks: typeof import('./after-checks'),
  state: CallState,
  value: unknown,
): ToolResult | Promise<ToolResult> {
  return checks.finishValue(state, value);
}
