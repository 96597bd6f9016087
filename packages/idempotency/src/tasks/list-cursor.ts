import { isTaskId } from './records';
import { MAX_TASK_PAGE, type TaskRecord } from './types';

/**
 * For store authors: the cursor of the page after `record` (opaque to callers), and its reading. A
 * malformed cursor is a `TypeError`.
 *
 * @example
 * ```ts
 * const after = decodeTaskCursor(options.cursor); // { createdAt, taskId } or undefined
 * ```
 */
export function encodeTaskCursor(record: Pick<TaskRecord, 'createdAt' | 'taskId'>): string {
  return `${record.createdAt}.${record.taskId}`;
}

/** See {@link encodeTaskCursor}. */
export function decodeTaskCursor(
  cursor: string | undefined,
): { readonly createdAt: number; readonly taskId: string } | undefined {
  if (cursor === undefined) return undefined;
  const match = typeof cursor === 'string' ? /^(0|[1-9]\d{0,15})\.(.+)$/.exec(cursor) : null;
  const createdAt = Number(match?.[1]);
  const taskId = match?.[2];
  if (match === null || !Number.isSafeInteger(createdAt) || !isTaskId(taskId)) {
    throw new TypeError('The task list cursor is not one this store gave.');
  }
  return { createdAt, taskId };
}

/**
 * For store authors: checks list options (a `TypeError` when malformed) and answers them decoded.
 *
 * @example
 * ```ts
 * const { now, limit, after } = checkTaskListOptions(options);
 * ```
 */
export function checkTaskListOptions(options: {
  readonly now: number;
  readonly limit: number;
  readonly cursor?: string | undefined;
}): {
  readonly now: number;
  readonly limit: number;
  readonly after: { readonly createdAt: number; readonly taskId: string } | undefined;
} {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('Task list options must be { now, limit, cursor? }.');
  const limit = options.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_TASK_PAGE) {
    throw new TypeError(`A task list limit must be a whole number from 1 to ${MAX_TASK_PAGE}.`);
  }
  const now = options.now;
  if (typeof now !== 'number' || !Number.isSafeInteger(now) || now < 0) {
    throw new TypeError('A task list needs now: epoch milliseconds.');
  }
  return { now, limit, after: decodeTaskCursor(options.cursor) };
}

/** Whether a stored task comes strictly after the cursor in newest-first order. */
export function isAfterTaskCursor(
  task: { readonly createdAt: number; readonly taskId: string },
  after: { readonly createdAt: number; readonly taskId: string } | undefined,
): boolean {
  if (after === undefined) return true;
  return (
    task.createdAt < after.createdAt || (task.createdAt === after.createdAt && task.taskId < after.taskId)
  );
}
