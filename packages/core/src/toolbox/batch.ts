import { createToolError } from '../errors/create-tool-error';
import { type BatchAwaiter, CallState } from '../execution/call-state';
import { nextCallId } from '../execution/ids';
import { admitToolboxCall, type ToolboxAdmission } from '../execution/stages/admission';
import { complete, failed as failCall } from '../execution/stages/after';
import { createResult, interrupted as interruptedResult } from '../execution/stages/finish';
import type { BatchExecuteOptions, ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';

/**
 * Runs a batch of calls. Results come back in call order, one per call, whatever happens: under
 * `failFast`, calls not started after a failure end as cancelled results and running ones are cancelled.
 */
export async function executeBatch(
  admission: ToolboxAdmission,
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
  const failFast = errorMode === 'failFast';
  const batchAbort = failFast ? new AbortController() : undefined;
  // Batch-only options (concurrency, mode, errorMode) leave nothing for the calls: they then run as plain
  // calls, without reading an empty options object on every one.
  let perCall: ToolExecuteOptions | undefined =
    options === undefined || Reflect.ownKeys(callOptions).length === 0 ? undefined : callOptions;
  if (batchAbort !== undefined) {
    const signal = callOptions.signal
      ? AbortSignal.any([callOptions.signal, batchAbort.signal])
      : batchAbort.signal;
    perCall = { ...callOptions, signal };
  }
  const run = new BatchRun(admission, calls, perCall, failFast ? batchAbort : undefined);
  return run.start(mode === 'sequential' ? 1 : Math.min(limit, calls.length));
}

/**
 * The workers of one batch. A worker awaits each implementation's own promise directly (no wrapper, no
 * async frame per call). When a running call is interrupted (its signal, deadline, failFast, or the
 * owner's shutdown), its result is recorded at once and a replacement worker takes over the queue; the
 * interrupted worker leaves when its implementation finally settles.
 */
class BatchRun implements BatchAwaiter {
  readonly #results: ToolResult[];
  #next = 0;
  #remaining: number;
  #failed = false;
  #resolve: (results: ToolResult[]) => void = () => {};
  #reject: (reason: unknown) => void = () => {};

  constructor(
    private readonly admission: ToolboxAdmission,
    private readonly calls: readonly ToolCall[],
    private readonly perCall: ToolExecuteOptions | undefined,
    private readonly failFastAbort: AbortController | undefined,
  ) {
    this.#results = new Array(calls.length);
    this.#remaining = calls.length;
  }

  start(workers: number): Promise<ToolResult[]> {
    if (this.#remaining === 0) return Promise.resolve(this.#results);
    const done = new Promise<ToolResult[]>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    for (let index = 0; index < workers; index++) this.#spawn();
    return done;
  }

  #spawn(): void {
    this.#work().then(undefined, (error: unknown) => this.#reject(error));
  }

  async #work(): Promise<void> {
    const calls = this.calls;
    while (this.#next < calls.length) {
      const index = this.#next++;
      const call = calls[index] as ToolCall;
      if (this.#failed) {
        this.#record(index, skipped(call));
        continue;
      }
      let started = admitToolboxCall(this.admission, call, this.perCall, this);
      // A stage that waited (availability, policy, a queue) hands the call over once it has started.
      if (started instanceof Promise) started = await started;
      if (!(started instanceof CallState)) {
        this.#record(index, started);
        continue;
      }
      started.batchIndex = index;
      started.interrupt = interruptBatchCall;
      if (started.interrupted !== undefined) {
        // Interrupted before this worker could listen for it: recorded now, and another worker carries on.
        this.interrupted(started);
        return;
      }
      let value: unknown;
      let threw = false;
      try {
        value = await (started.pending as PromiseLike<unknown>);
      } catch (error) {
        threw = true;
        value = error;
      }
      // Interrupted while waiting: the result is recorded and another worker carries on.
      if (started.batch === undefined) return;
      started.batch = undefined;
      const completed = threw ? failCall(started, value) : complete(started, value);
      this.#record(index, completed instanceof Promise ? await completed : completed);
    }
  }

  #record(index: number, result: ToolResult): void {
    this.#results[index] = result;
    if (
      this.failFastAbort !== undefined &&
      !this.#failed &&
      (result.outcome === 'error' || result.outcome === 'denied')
    ) {
      this.#failed = true;
      this.failFastAbort.abort(new Error('an earlier call in the batch failed (failFast)'));
    }
    if (--this.#remaining === 0) this.#resolve(this.#results);
  }

  /** A running call was interrupted: record its result now and let a new worker take over its queue. */
  interrupted(state: CallState): void {
    state.batch = undefined;
    this.#record(state.batchIndex, interruptedResult(state));
    // Deferred: cancel() may run inside someone else's code (an abort listener); never start tools there.
    if (this.#next < this.calls.length) queueMicrotask(() => this.#spawn());
  }
}

function interruptBatchCall(this: CallState): void {
  (this.batch as BatchRun | undefined)?.interrupted(this);
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
