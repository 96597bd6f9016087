import { createToolError, getToolRevision, type Toolbox } from '@armorer/core';
import type { TaskKey, TaskPage, TaskRecord, TaskScope } from '@armorer/idempotency';
import { readAnswer } from '../server/answer';
import { resumeAccepted, type SettleContext, settleAnswer } from '../server/approval-flow';
import { declaresOutput } from '../server/declares-output';
import type { McpCallOptions } from '../server/types';
import { readTaskData, type TaskData } from './task-data';
import type { LocalRun } from './task-leases';
import { Answered, cancelledChange, endedData, failedChange, unknownOutcome } from './task-outcomes';
import type { TaskRunner, Work } from './task-runner';
import { sameScope, taskScopeOf, withTaskTenant } from './task-scope';

/** What a task request knows about its caller: the call options `callOptions` gives for a tool. */
export interface TaskCaller {
  optionsFor(toolName: string): McpCallOptions | undefined;
}

const keyOf = (record: TaskRecord): TaskKey => ({
  tenantId: record.tenantId,
  principalId: record.principalId,
  taskId: record.taskId,
});

/** A run for writing one change on behalf of a request (no local work behind it). */
function writer(record: TaskRecord): LocalRun {
  return {
    key: keyOf(record),
    revision: record.revision,
    controller: new AbortController(),
    cancelled: false,
    abandoned: false,
    done: Promise.resolve(),
  };
}

/**
 * The work of resuming a paused task with a person's answer: a refusal revokes the binding and completes
 * the task with the refusal; an approval (or the input) resumes the signed pause through
 * `toolbox.resumeApproval`, once (the approval state store sees to that). Taken over after its holder
 * stopped, a resume the store refuses as already used or reserved may have run: its outcome is unknown.
 */
function resumeWork(
  runner: TaskRunner,
  toolbox: Toolbox,
  data: TaskData,
  options: McpCallOptions,
  takenOver: boolean,
): Work {
  return async (signal) => {
    const pending = data.pending;
    if (pending === undefined)
      return new Answered({
        isError: true,
        content: [{ type: 'text', text: 'The task has no pause to resume.' }],
      });
    const context: SettleContext = {
      host: runner.host,
      toolbox,
      options: { ...options, signal },
      call: { name: data.tool, arguments: data.arguments },
      structured: () => declaresOutput(toolbox, data.tool),
    };
    const answer = readAnswer(pending, data.answer);
    if (answer.kind !== 'accept') return new Answered(await settleAnswer(pending, answer, context));
    const result = await resumeAccepted(pending, answer, context);
    const reason = (result.error?.details as { reason?: unknown } | undefined)?.reason;
    if (
      takenOver &&
      result.error?.code === 'APPROVAL_INVALID' &&
      (reason === 'already-consumed' || reason === 'already-reserved')
    ) {
      const message =
        'The instance resuming this task stopped after its approval was used; the call may have run and was not run again.';
      return {
        ...result,
        error: createToolError('IDEMPOTENCY_UNKNOWN_OUTCOME', message, { retryable: false }),
      };
    }
    return result;
  };
}

/** The call id a resumed task's progress comes under (the paused call's). */
function callIdOf(runner: TaskRunner, data: TaskData): string {
  return data.phase === 'resume' && data.pending !== undefined
    ? data.pending.callId
    : runner.host.nextCallId();
}

/**
 * Takes over a `working` task whose holder stopped renewing its lease (an instance that crashed, was
 * killed or restarted), when a request about it arrives: a call that never started runs here, through the
 * idempotency layer under the task's key (a recorded result is answered, never run again); one that may
 * have run (a promoted call, a changed tool, an unknown idempotency outcome) ends `failed`.
 */
export async function takeOver(runner: TaskRunner, record: TaskRecord, caller: TaskCaller): Promise<void> {
  const store = runner.settings.store;
  const data = readTaskData(record.data);
  if (data === undefined) {
    const change = failedChange(
      { v: 1, tool: '', arguments: {}, origin: 'promoted', key: '', attempt: 0, phase: 'run', pauses: 0 },
      unknownOutcome('The task holds data this server cannot read.'),
    );
    await store.transition(keyOf(record), record.revision, change);
    return;
  }
  const next: TaskData = { ...data, attempt: data.attempt + 1 };
  const took = await store.transition(keyOf(record), record.revision, runner.working(undefined, next));
  if (!took.applied) return;
  const run = writer(took.record);
  if (took.record.cancelRequested) {
    await runner.write(run, cancelledChange(next));
    return;
  }
  const toolbox = runner.host.currentToolbox();
  const tool = toolbox.getTool(next.tool);
  const changed =
    next.revision !== undefined && (tool === undefined || getToolRevision(tool) !== next.revision);
  if (changed || (next.origin === 'promoted' && next.phase === 'run')) {
    const why = changed
      ? `The tool "${next.tool}" changed after this task started, and the instance running it stopped; it may have run and was not run again.`
      : `The instance running this task stopped while its call ran; the call may have taken effect and was not run again.`;
    await runner.write(run, failedChange(next, unknownOutcome(why)));
    return;
  }
  const scope: TaskScope = { tenantId: record.tenantId, principalId: record.principalId };
  const given = caller.optionsFor(next.tool);
  if (!sameScope(taskScopeOf(given), scope)) {
    await runner.write(
      run,
      failedChange(next, unknownOutcome('The request that found this task runs under another scope.')),
    );
    return;
  }
  const options = withTaskTenant(given, scope);
  const callId = callIdOf(runner, next);
  const work =
    next.phase === 'resume'
      ? resumeWork(runner, toolbox, next, options, true)
      : (signal: AbortSignal) => runner.runIdempotent(toolbox, next, options, signal, callId);
  runner.runInBackground(took.record, work, { toolbox, callId, data: next, options });
}

/** Starts a take-over in the background when the task is `working` and nobody holds it any more. */
function takeOverIfAbandoned(runner: TaskRunner, record: TaskRecord, caller: TaskCaller): void {
  if (record.status !== 'working' || runner.closed || runner.leases.get(record.taskId) !== undefined) return;
  if (record.leaseExpiresAt !== null && record.leaseExpiresAt > Date.now()) return;
  takeOver(runner, record, caller).catch(() => undefined);
}

/** `tasks/get`: the caller's task (undefined when there is none in its scope). */
export async function getTask(
  runner: TaskRunner,
  key: TaskKey,
  caller: TaskCaller,
): Promise<TaskRecord | undefined> {
  const record = await runner.settings.store.get(key, Date.now());
  if (record !== undefined) takeOverIfAbandoned(runner, record, caller);
  return record;
}

/**
 * `tasks/update`: an answer to the task's outstanding input request resumes it (here, in the background;
 * the acknowledgement does not wait). Answers to keys that are not outstanding are ignored, as the
 * extension asks; of two answers racing, one resumes the task. False when there is no such task.
 */
export async function updateTask(
  runner: TaskRunner,
  key: TaskKey,
  responses: Readonly<Record<string, unknown>>,
  caller: TaskCaller,
): Promise<boolean> {
  const record = await runner.settings.store.get(key, Date.now());
  if (record === undefined) return false;
  const data = readTaskData(record.data);
  if (record.status !== 'input_required') {
    takeOverIfAbandoned(runner, record, caller);
    return true;
  }
  if (data?.inputKey === undefined || data.pending === undefined || !Object.hasOwn(responses, data.inputKey))
    return true;
  const next: TaskData = { ...data, phase: 'resume', answer: responses[data.inputKey] };
  const scope: TaskScope = { tenantId: record.tenantId, principalId: record.principalId };
  const options = withTaskTenant(caller.optionsFor(next.tool), scope);
  const took = await runner.settings.store.transition(key, record.revision, runner.working(undefined, next));
  if (!took.applied) return true;
  const toolbox = runner.host.currentToolbox();
  runner.runInBackground(took.record, resumeWork(runner, toolbox, next, options, false), {
    toolbox,
    callId: callIdOf(runner, next),
    data: next,
    options,
  });
  return true;
}

/**
 * `tasks/cancel`: flags the task; a task this instance runs is aborted at once, one held elsewhere when
 * that holder next renews its lease, and one nobody runs (waiting for a person, or whose holder stopped)
 * is cancelled here, its pending approval revoked. Cancellation is cooperative: a call that finishes
 * first completes. False when there is no such task.
 */
export async function cancelTask(runner: TaskRunner, key: TaskKey): Promise<boolean> {
  const now = Date.now();
  const store = runner.settings.store;
  const record = await store.requestCancel(key, now);
  if (record === undefined) return false;
  if (record.status !== 'working' && record.status !== 'input_required') return true;
  const local = runner.leases.get(key.taskId);
  if (local !== undefined) {
    local.cancelled = true;
    local.controller.abort(new Error('The task was cancelled.'));
    return true;
  }
  const held = record.status === 'working' && record.leaseExpiresAt !== null && record.leaseExpiresAt > now;
  const data = readTaskData(record.data);
  if (held || data === undefined) return true;
  const ended = await store.transition(key, record.revision, {
    ...cancelledChange(data),
    data: endedData(data),
  });
  if (ended.applied && record.status === 'input_required' && data.pending?.binding !== undefined) {
    await runner.host
      .currentToolbox()
      .revokeApproval(data.pending)
      .catch(() => undefined);
  }
  return true;
}

/** `armorer/tasks/list`: a page of the caller's own tasks, newest first. */
export function listTasks(
  runner: TaskRunner,
  scope: TaskScope,
  limit: number,
  cursor: string | undefined,
): Promise<TaskPage> {
  return Promise.resolve(runner.settings.store.list(scope, { now: Date.now(), limit, cursor }));
}
