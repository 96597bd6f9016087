import { createToolError } from '../errors/tool-error';
import { CallState } from '../execution/call-state';
import { createResult } from '../execution/finish-call';
import { nextCallId } from '../execution/ids';
import { complete, failed as failCall, type StartedCall, waitForImplementation } from '../execution/run-call';
import type { BatchExecuteOptions, ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';

type StartOne = (call: ToolCall, options: ToolExecuteOptions | undefined) => StartedCall;

/**
 * Runs a batch of calls. Results come back in call order, one per call, whatever happens: under
 * `failFast`, calls not started after a failure end as cancelled results and running ones are cancelled.
 */
export async function executeBatch(
  startOne: StartOne,
  calls: readonly ToolCall[],
  options: BatchExecuteOptions | undefined,
): Promise<ToolResult[]> {
  const { concurrency, mode = 'parallel', errorMode = 'collect', ...callOptions } = options ?? {};
  const limit = checkConcurrency(concurrency);
  if (mode !== 'parallel' && mode !== 'sequential') {
    throw new RangeError(`Batch mode must be 'parallel' or 'sequential', got ${JSON.stringify(mode)}.`);
  }
  if (errorMode !== 'collect' && errorMode !== 'failFast') {
    throw new RangeError(
      `Batch errorMode must be 'collect' or 'failFast', got ${JSON.stringify(errorMode)}.`,
    );
  }
  const results: ToolResult[] = new Array(calls.length);
  const failFast = errorMode === 'failFast';
  const batchAbort = failFast ? new AbortController() : undefined;
  let perCall: ToolExecuteOptions | undefined = options === undefined ? undefined : callOptions;
  if (batchAbort !== undefined) {
    const signal = callOptions.signal
      ? AbortSignal.any([callOptions.signal, batchAbort.signal])
      : batchAbort.signal;
    perCall = { ...callOptions, signal };
  }
  let failed = false;

  // One loop per worker, no per-call closure or async frame: a batch is the hot path of an agent turn.
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const index = next++;
      const call = calls[index] as ToolCall;
      if (failed) {
        results[index] = skipped(call);
        continue;
      }
      const started = startOne(call, perCall);
      let result: ToolResult;
      if (started instanceof CallState) {
        let value: unknown;
        let threw = false;
        try {
          value = await waitForImplementation(started);
        } catch (error) {
          threw = true;
          value = error;
        }
        const completed = threw ? failCall(started, value) : complete(started, value);
        result = completed instanceof Promise ? await completed : completed;
      } else {
        result = started instanceof Promise ? await started : started;
      }
      results[index] = result;
      if (failFast && !failed && (result.outcome === 'error' || result.outcome === 'denied')) {
        failed = true;
        batchAbort?.abort(new Error('an earlier call in the batch failed (failFast)'));
      }
    }
  };
  let next = 0;
  const workers = mode === 'sequential' ? 1 : Math.min(limit, calls.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

function checkConcurrency(concurrency: number | undefined): number {
  if (concurrency === undefined || concurrency === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`Batch concurrency must be a positive integer, got ${String(concurrency)}.`);
  }
  return concurrency;
}

function skipped(call: ToolCall): ToolResult {
  const id = typeof call?.id === 'string' && call.id.length > 0 ? call.id : nextCallId();
  const name = typeof call?.name === 'string' ? call.name : '';
  const error = createToolError(
    'CANCELLED',
    `Tool "${name}" was not run: an earlier call in the batch failed (failFast).`,
    {
      details: { reason: 'failFast' },
    },
  );
  return createResult(name, id, 'cancelled', undefined, error, undefined, undefined);
}
