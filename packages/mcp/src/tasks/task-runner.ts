import { sha256Hex } from '@armorer/approval';
import {
  createToolError,
  getToolRevision,
  type Toolbox,
  type ToolError,
  type ToolResult,
} from '@armorer/core';
import { type TaskChange, type TaskRecord, type TaskScope, taskScopeKey } from '@armorer/idempotency';
import type { CallHost } from '../server/call-host';
import { IdempotentCalls } from '../server/idempotent-calls';
import type { McpCallOptions } from '../server/types';
import { type TaskData, taskJson } from './task-data';
import { type LocalRun, TaskLeases } from './task-leases';
import type { TaskSettings } from './task-options';
import { failedChange, type RunOutcome, settleChange, storeFailure, unknownOutcome } from './task-outcomes';
import { type ProgressSink, ProgressWriter } from './task-progress';
import { taskScopeOf, withTaskTenant } from './task-scope';
import { createTaskResult } from './task-wire';

/** One `tools/call` that may run as a task. */
export interface TaskCall {
  readonly toolbox: Toolbox;
  readonly call: { readonly id: string; readonly name: string; readonly arguments: Record<string, unknown> };
  /** What `callOptions` chose for the call. */
  readonly options: McpCallOptions | undefined;
  /** The request's signal (its client cancelled or went away). */
  readonly signal: AbortSignal;
  /** Where the request's progress goes while it has not become a task. */
  readonly progress: ProgressSink | undefined;
  /** The client's idempotency key (`_meta['armorer/idempotencyKey']`), when it sent one. */
  readonly idempotencyKey: string | undefined;
}

/** A call that became a task: the `CreateTaskResult` to answer. */
export interface TaskStarted {
  readonly createTask: Record<string, unknown>;
}

/** The work of one run: the call's result, with the run's signal. */
export type Work = (signal: AbortSignal) => Promise<RunOutcome>;

/** What a run needs besides its work: the toolbox, the call id its progress comes under, its data and options. */
export interface RunContext {
  readonly toolbox: Toolbox;
  readonly callId: string;
  readonly data: TaskData;
  readonly options: McpCallOptions;
}

const PROMOTE = Symbol('promote');

/**
 * Runs long calls as MCP tasks and keeps their state in the task store: a declared long-running tool is
 * recorded first and run in the background through the idempotency layer (keyed by the task), a call
 * that outruns `afterMs` is recorded when it does; either way its end (a result, a pause for a person, a
 * cancellation) is one compare-and-set on the task. While it runs, this instance holds a lease on it.
 */
export class TaskRunner {
  readonly owner = `mcp-${crypto.randomUUID()}`;
  readonly leases: TaskLeases;
  #closed = false;

  constructor(
    readonly settings: TaskSettings,
    readonly host: CallHost,
    readonly calls: IdempotentCalls,
  ) {
    this.leases = new TaskLeases(settings.store, this.owner, settings.leaseMs);
  }

  /** Whether the tool is declared long-running (`metadata.longRunning: true`). */
  declares(toolbox: Toolbox, name: string): boolean {
    return toolbox.getTool(name)?.configuration.metadata?.['longRunning'] === true;
  }

  /**
   * A declared long-running call: recorded as a task first, then run in the background. With the
   * client's idempotency key, the task's id comes from it: a retried call answers the task it started.
   */
  async startDeclared(start: TaskCall): Promise<TaskStarted | ToolError> {
    const scope = taskScopeOf(start.options);
    const options = withTaskTenant(start.options, scope);
    const record = this.#newRecord(start, scope, 'declared');
    const created = await this.#create(record, start.idempotencyKey !== undefined);
    if (!('taskId' in created)) return created;
    if (created !== record) return { createTask: createTaskResult(created, this.settings.pollIntervalMs) };
    const data = created.data as unknown as TaskData;
    this.runInBackground(
      created,
      (signal) => this.runIdempotent(start.toolbox, data, options, signal, start.call.id),
      {
        toolbox: start.toolbox,
        callId: start.call.id,
        data,
        options,
      },
    );
    return { createTask: createTaskResult(created, this.settings.pollIntervalMs) };
  }

  /**
   * A call that becomes a task if it is still running after `afterMs`: until then it is the request's
   * (its signal, its progress); from then on the task's. If the task cannot be recorded, the request
   * waits for the call as it would have without tasks.
   */
  async callWithThreshold(start: TaskCall, afterMs: number): Promise<TaskStarted | ToolResult> {
    const controller = new AbortController();
    const relay = () => controller.abort(start.signal.reason);
    if (start.signal.aborted) relay();
    else start.signal.addEventListener('abort', relay, { once: true });
    const sink: { current: ProgressSink | undefined } = { current: start.progress };
    const stopProgress = this.host.progress.route(start.toolbox, start.call.id, (event) =>
      sink.current?.(event),
    );
    const key = start.idempotencyKey;
    const execution =
      key === undefined
        ? start.toolbox.execute(start.call, { ...start.options, signal: controller.signal })
        : this.calls.execute(
            start.toolbox,
            start.call,
            start.options ?? {},
            controller.signal,
            IdempotentCalls.callKey(start.options, key),
          );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const first = await Promise.race([
      execution,
      new Promise<typeof PROMOTE>((resolve) => {
        timer = setTimeout(resolve, afterMs, PROMOTE);
      }),
    ]);
    if (first !== PROMOTE) {
      clearTimeout(timer);
      start.signal.removeEventListener('abort', relay);
      stopProgress();
      return first;
    }
    const scope = taskScopeOf(start.options);
    const record = this.#newRecord(start, scope, 'promoted');
    const created = await this.#create(record, false);
    if (!('taskId' in created)) {
      try {
        return await execution;
      } finally {
        start.signal.removeEventListener('abort', relay);
        stopProgress();
      }
    }
    start.signal.removeEventListener('abort', relay);
    sink.current = undefined;
    const data = created.data as unknown as TaskData;
    this.runInBackground(
      created,
      () => execution,
      { toolbox: start.toolbox, callId: start.call.id, data, options: withTaskTenant(start.options, scope) },
      { controller, stopProgress, sink },
    );
    return { createTask: createTaskResult(created, this.settings.pollIntervalMs) };
  }

  /** The task's call through the idempotency layer, under the task's key: it never runs twice. */
  runIdempotent(
    toolbox: Toolbox,
    data: TaskData,
    options: McpCallOptions,
    signal: AbortSignal,
    callId: string,
  ): Promise<ToolResult> {
    return this.calls.execute(
      toolbox,
      { id: callId, name: data.tool, arguments: data.arguments },
      options,
      signal,
      data.key,
    );
  }

  #newRecord(start: TaskCall, scope: TaskScope, origin: TaskData['origin']): TaskRecord {
    const now = Date.now();
    const key = start.idempotencyKey;
    // A client's key names one task: the same call retried (after a lost answer) finds it again.
    const taskId =
      key === undefined || origin !== 'declared'
        ? crypto.randomUUID()
        : `k${sha256Hex(JSON.stringify([scope.tenantId, scope.principalId, start.call.name, key])).slice(0, 48)}`;
    const tool = start.toolbox.getTool(start.call.name);
    const data: TaskData = {
      v: 1,
      tool: start.call.name,
      arguments: start.call.arguments,
      origin,
      key: `mcp-task:${JSON.stringify([scope.principalId, taskId])}`,
      attempt: 0,
      phase: 'run',
      pauses: 0,
      ...(tool === undefined ? {} : { revision: getToolRevision(tool) }),
    };
    return {
      version: 1,
      ...scope,
      taskId,
      status: 'working',
      revision: 1,
      createdAt: now,
      updatedAt: now,
      expiresAt: now + this.settings.ttlMs,
      statusMessage: null,
      progress: null,
      owner: this.owner,
      leaseExpiresAt: now + this.settings.leaseMs,
      cancelRequested: false,
      data: taskJson(data),
      result: null,
      error: null,
    };
  }

  /**
   * Records a new task; with `existing`, a live task under the same id is answered instead (the same call,
   * retried). The call's error when it cannot be recorded (nothing ran).
   */
  async #create(record: TaskRecord, existing: boolean): Promise<TaskRecord | ToolError> {
    if (this.#closed)
      return createToolError('TOOLBOX_CLOSED', 'The MCP server is shutting down; the call was not run.');
    try {
      taskScopeKey(record);
      if (await this.settings.store.create(record)) return record;
      const found = existing ? await this.settings.store.get(record, record.createdAt) : undefined;
      return (
        found ??
        createToolError('EXECUTION_FAILED', 'A task with this id already exists; the call was not run.')
      );
    } catch (error) {
      return storeFailure(error, 'recorded');
    }
  }

  /**
   * Runs `work` for a task this instance holds, off the request: renews its lease, writes its progress to
   * the store, and writes its end. Answers at once.
   */
  runInBackground(
    record: TaskRecord,
    work: Work,
    context: RunContext,
    promoted?: {
      controller: AbortController;
      stopProgress: () => void;
      sink: { current: ProgressSink | undefined };
    },
  ): LocalRun {
    const controller = promoted?.controller ?? new AbortController();
    const run: LocalRun = {
      key: { tenantId: record.tenantId, principalId: record.principalId, taskId: record.taskId },
      revision: record.revision,
      controller,
      cancelled: false,
      abandoned: false,
      done: Promise.resolve(),
    };
    const progress = new ProgressWriter(this, run);
    let stopProgress: () => void;
    if (promoted === undefined) {
      stopProgress = this.host.progress.route(context.toolbox, context.callId, progress.sink);
    } else {
      promoted.sink.current = progress.sink;
      stopProgress = promoted.stopProgress;
    }
    this.leases.add(run);
    if (record.cancelRequested) {
      run.cancelled = true;
      controller.abort(new Error('The task was cancelled.'));
    }
    run.done = Promise.resolve()
      .then(() => work(controller.signal))
      .then(
        (outcome) => this.finish(run, context.toolbox, context.data, context.options, outcome),
        (error: unknown) =>
          this.write(
            run,
            failedChange(context.data, unknownOutcome(`The task's call failed: ${String(error)}`)),
          ),
      )
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        stopProgress();
        progress.stop();
        this.leases.delete(run);
      });
    return run;
  }

  /** Writes how a run ended, unless it was abandoned. A retried idempotent tool gets a key of its own. */
  async finish(
    run: LocalRun,
    toolbox: Toolbox,
    data: TaskData,
    options: McpCallOptions,
    result: RunOutcome,
  ): Promise<void> {
    if (run.abandoned) return;
    if (
      'outcome' in result &&
      result.error?.code === 'IDEMPOTENCY_UNKNOWN_OUTCOME' &&
      data.phase === 'run' &&
      toolbox.getTool(data.tool)?.configuration.metadata?.['idempotent'] === true &&
      !run.cancelled
    ) {
      // An idempotent tool may run again: under a key of its own, recorded before it runs.
      const next: TaskData = { ...data, key: `${data.key}#${data.attempt + 1}` };
      const written = await this.write(run, { ...this.working(run, next), statusMessage: null });
      if (!written) return;
      return this.finish(
        run,
        toolbox,
        next,
        options,
        await this.runIdempotent(toolbox, next, options, run.controller.signal, this.host.nextCallId()),
      );
    }
    await this.write(run, settleChange(this, run, toolbox, data, result));
  }

  /** The change that keeps a task `working`, held by this instance, with `data`. */
  working(_run: LocalRun | undefined, data: TaskData): TaskChange {
    const now = Date.now();
    return {
      status: 'working',
      updatedAt: now,
      statusMessage: null,
      owner: this.owner,
      leaseExpiresAt: now + this.settings.leaseMs,
      data: taskJson(data),
      result: null,
      error: null,
    };
  }

  /**
   * One compare-and-set from the revision the run holds; a store failure is tried again a few times
   * (what is not written is found later: the lease runs out and another instance takes the task over).
   * False when the task moved on without this run (taken over, or ended elsewhere).
   */
  async write(run: LocalRun, change: TaskChange): Promise<boolean> {
    if (run.abandoned) return false;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.settings.store.transition(run.key, run.revision, change);
        if (answer.applied) run.revision = answer.record.revision;
        return answer.applied;
      } catch (error) {
        if (error instanceof RangeError || error instanceof TypeError) {
          change = {
            ...change,
            status: 'failed',
            result: null,
            error: unknownOutcome(`The task's end could not be recorded (${error.message}).`),
          };
          continue;
        }
        if (attempt >= 4) return false;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  /** Stops taking new tasks; lets running ones finish up to `drainMs`, then hands the rest back. */
  async close(drainMs: number): Promise<void> {
    this.#closed = true;
    const runs = [...this.leases.values()];
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(runs.map((run) => run.done)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, drainMs);
      }),
    ]);
    clearTimeout(timer);
    const now = Date.now();
    for (const run of this.leases.values()) {
      run.abandoned = true;
      run.controller.abort(new Error('The MCP server is shutting down.'));
      // Ends the lease now: the next request about the task, on any instance, takes it over.
      Promise.resolve(this.settings.store.renew(run.key, this.owner, now, now)).catch(() => undefined);
    }
    this.leases.stop();
  }

  get closed(): boolean {
    return this.#closed;
  }
}
