import type { TaskRecord } from '@armorer/idempotency';
import type { TaskData } from './task-data';
import { readTaskData } from './task-data';

/** The extension's identifier: in a request's client capabilities, and in the server's. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The `_meta` key of a listed task's tool name (armorer's list only). */
export const TASK_TOOL_META_KEY = 'armorer/toolName';

const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a 2026 request's envelope declares the tasks extension (`extensions[TASKS_EXTENSION]`). */
export function declaresTasks(envelope: unknown): boolean {
  const capabilities = isObject(envelope) ? envelope[CLIENT_CAPABILITIES] : undefined;
  const extensions = isObject(capabilities) ? capabilities['extensions'] : undefined;
  return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
}

/** The `statusMessage` a client sees: the runner's, else the last progress. */
function statusMessageOf(record: TaskRecord): string | undefined {
  if (record.statusMessage !== null) return record.statusMessage;
  const progress = record.progress;
  if (progress === null) return undefined;
  const percent = progress.percent === undefined ? undefined : `${Math.round(progress.percent)}%`;
  const parts = [percent, progress.message].filter((part) => part !== undefined && part !== '');
  return parts.length === 0 ? undefined : parts.join(': ');
}

/** The `Task` fields every task answer carries. */
export function wireTask(record: TaskRecord, pollIntervalMs: number): Record<string, unknown> {
  const message = statusMessageOf(record);
  return {
    taskId: record.taskId,
    status: record.status,
    ...(message === undefined ? {} : { statusMessage: message }),
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(record.updatedAt).toISOString(),
    ttlMs: record.expiresAt - record.createdAt,
    pollIntervalMs,
  };
}

/** The `CreateTaskResult` of a `tools/call` that became a task. */
export function createTaskResult(record: TaskRecord, pollIntervalMs: number): Record<string, unknown> {
  return { resultType: 'task', ...wireTask(record, pollIntervalMs) };
}

/** The input requests of a task waiting for a person: one form elicitation under its own key. */
export function inputRequestsOf(data: TaskData | undefined): Record<string, unknown> {
  if (data?.inputKey === undefined || data.input === undefined) return {};
  return {
    [data.inputKey]: {
      method: 'elicitation/create',
      params: { mode: 'form', message: data.input.message, requestedSchema: data.input.requestedSchema },
    },
  };
}

/** The `DetailedTask` a `tasks/get` answers: the task, with its input requests, result or error. */
export function detailedTask(record: TaskRecord, pollIntervalMs: number): Record<string, unknown> {
  const task = wireTask(record, pollIntervalMs);
  switch (record.status) {
    case 'input_required':
      return { ...task, inputRequests: inputRequestsOf(readTaskData(record.data)) };
    case 'completed':
      return { ...task, result: record.result ?? { content: [] } };
    case 'failed':
      return { ...task, error: record.error ?? { code: -32603, message: 'The task failed.' } };
    default:
      return task;
  }
}
