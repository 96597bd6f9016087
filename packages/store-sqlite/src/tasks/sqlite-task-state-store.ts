import {
  checkTaskKey,
  checkTaskListOptions,
  checkTaskOwner,
  checkTaskTime,
  decodeStoredTask,
  encodeTaskChange,
  encodeTaskCursor,
  encodeTaskProgress,
  encodeTaskRecord,
  type TaskLeaseRenewal,
  type TaskPage,
  type TaskRecord,
  type TaskStateStore,
  type TaskTransition,
  taskScopeKey,
} from '@armorer/idempotency';
import type { SqliteDatabase } from '../driver/sqlite-database';
import type { SqlRow } from '../driver/types';
import { ensureTaskSchema } from './task-schema';

/** The SQLite {@link TaskStateStore}: every method answers synchronously. */
export interface SqliteTaskStateStore extends TaskStateStore {
  create(record: TaskRecord): boolean;
  get(...args: Parameters<TaskStateStore['get']>): TaskRecord | undefined;
  transition(...args: Parameters<TaskStateStore['transition']>): TaskTransition;
  progress(...args: Parameters<TaskStateStore['progress']>): boolean;
  renew(...args: Parameters<TaskStateStore['renew']>): TaskLeaseRenewal;
  requestCancel(...args: Parameters<TaskStateStore['requestCancel']>): TaskRecord | undefined;
  list(...args: Parameters<TaskStateStore['list']>): TaskPage;
}

const LIVE = `status IN ('working', 'input_required')`;
const KEY = 'scope = ? AND task_id = ?';
const SELECT_LIVE = `SELECT * FROM armorer_tasks WHERE ${KEY} AND expires_at > ?`;
/** How many task writes pass between two sweeps, and how many expired rows one sweep deletes. */
const SWEEP_EVERY = 64;
const SWEEP_BATCH = 256;
const NOT_RENEWED: TaskLeaseRenewal = Object.freeze({ renewed: false, cancelRequested: false });

function decode(row: SqlRow): TaskRecord {
  return decodeStoredTask({
    scope: row.scope,
    taskId: row.task_id,
    status: row.status,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
    statusMessage: row.status_message,
    progress: row.progress,
    owner: row.owner,
    leaseExpiresAt: row.lease_expires_at,
    cancelRequested: row.cancel_requested,
    data: row.data,
    result: row.result,
    error: row.error,
  });
}

/**
 * @internal Builds the task store over an open connection: one row per (scope, task id), every
 * compare-and-set in a `BEGIN IMMEDIATE` transaction, lists on the `(scope, created_at, task_id)` index,
 * and a bounded sweep of expired rows every 64 task writes.
 */
export function sqliteTaskStateStore(database: SqliteDatabase): SqliteTaskStateStore {
  ensureTaskSchema(database);
  let writes = 0;
  const write = <T>(doing: string, body: () => T): T =>
    database.write(doing, () => {
      const result = body();
      if (++writes >= SWEEP_EVERY) {
        writes = 0;
        database
          .statement(
            'DELETE FROM armorer_tasks WHERE rowid IN (SELECT rowid FROM armorer_tasks WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)',
          )
          .run(database.now(), SWEEP_BATCH);
      }
      return result;
    });
  const live = (scope: string, taskId: string, now: number) =>
    database.statement(SELECT_LIVE).get(scope, taskId, now);

  return {
    specificationVersion: 'v1',

    create(record) {
      const task = encodeTaskRecord(record);
      return write('creating a task', () => {
        database
          .statement(`DELETE FROM armorer_tasks WHERE ${KEY} AND expires_at <= ?`)
          .run(task.scope, task.taskId, task.createdAt);
        return (
          database
            .statement(
              `INSERT INTO armorer_tasks (scope, task_id, status, revision, created_at, updated_at, expires_at,
                 status_message, progress, owner, lease_expires_at, cancel_requested, data, result, error)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, task_id) DO NOTHING`,
            )
            .run(
              task.scope,
              task.taskId,
              task.status,
              task.revision,
              task.createdAt,
              task.updatedAt,
              task.expiresAt,
              task.statusMessage,
              task.progress,
              task.owner,
              task.leaseExpiresAt,
              task.cancelRequested ? 1 : 0,
              task.data,
              task.result,
              task.error,
            ).changes === 1
        );
      });
    },

    get(key, now) {
      const { scope, taskId } = checkTaskKey(key);
      checkTaskTime(now);
      const row = database.read('reading a task', () => live(scope, taskId, now));
      return row === undefined ? undefined : decode(row);
    },

    transition(key, revision, change) {
      const { scope, taskId } = checkTaskKey(key);
      const next = encodeTaskChange(change);
      return write('changing a task', () => {
        const applied =
          typeof revision === 'number' &&
          database
            .statement(
              `UPDATE armorer_tasks SET status = ?, updated_at = ?, status_message = ?, owner = ?,
                 lease_expires_at = ?, data = ?, result = ?, error = ?, revision = revision + 1
               WHERE ${KEY} AND revision = ? AND ${LIVE} AND expires_at > ?`,
            )
            .run(
              next.status,
              next.updatedAt,
              next.statusMessage,
              next.owner,
              next.leaseExpiresAt,
              next.data,
              next.result,
              next.error,
              scope,
              taskId,
              revision,
              next.updatedAt,
            ).changes === 1;
        const row = live(scope, taskId, next.updatedAt);
        const record = row === undefined ? undefined : decode(row);
        return applied && record !== undefined ? { applied: true, record } : { applied: false, record };
      });
    },

    progress(key, owner, progress, updatedAt) {
      const { scope, taskId } = checkTaskKey(key);
      const text = encodeTaskProgress(progress);
      checkTaskOwner(owner);
      checkTaskTime(updatedAt);
      return write(
        'recording task progress',
        () =>
          database
            .statement(
              `UPDATE armorer_tasks SET progress = ?, updated_at = ?
               WHERE ${KEY} AND status = 'working' AND owner = ? AND expires_at > ?`,
            )
            .run(text, updatedAt, scope, taskId, owner, updatedAt).changes === 1,
      );
    },

    renew(key, owner, leaseExpiresAt, now) {
      const { scope, taskId } = checkTaskKey(key);
      checkTaskOwner(owner);
      checkTaskTime(leaseExpiresAt);
      checkTaskTime(now);
      return write('renewing a task lease', () => {
        const renewed =
          database
            .statement(
              `UPDATE armorer_tasks SET lease_expires_at = ? WHERE ${KEY} AND owner = ? AND ${LIVE} AND expires_at > ?`,
            )
            .run(leaseExpiresAt, scope, taskId, owner, now).changes === 1;
        if (!renewed) return NOT_RENEWED;
        const row = live(scope, taskId, now);
        return { renewed: true, cancelRequested: row?.cancel_requested === 1 };
      });
    },

    requestCancel(key, now) {
      const { scope, taskId } = checkTaskKey(key);
      checkTaskTime(now);
      return write('asking to cancel a task', () => {
        database
          .statement(
            `UPDATE armorer_tasks SET cancel_requested = 1, updated_at = MAX(updated_at, ?)
             WHERE ${KEY} AND ${LIVE} AND cancel_requested = 0 AND expires_at > ?`,
          )
          .run(now, scope, taskId, now);
        const row = live(scope, taskId, now);
        return row === undefined ? undefined : decode(row);
      });
    },

    list(scope, options) {
      const scopeKey = taskScopeKey(scope);
      const { now, limit, after } = checkTaskListOptions(options);
      const rows = database.read('listing tasks', () =>
        after === undefined
          ? database
              .statement(
                'SELECT * FROM armorer_tasks WHERE scope = ? AND expires_at > ? ORDER BY created_at DESC, task_id DESC LIMIT ?',
              )
              .all(scopeKey, now, limit + 1)
          : database
              .statement(
                `SELECT * FROM armorer_tasks WHERE scope = ? AND expires_at > ?
                   AND (created_at < ? OR (created_at = ? AND task_id < ?))
                 ORDER BY created_at DESC, task_id DESC LIMIT ?`,
              )
              .all(scopeKey, now, after.createdAt, after.createdAt, after.taskId, limit + 1),
      );
      const tasks = rows.slice(0, limit).map(decode);
      const last = tasks[tasks.length - 1];
      return rows.length > limit && last !== undefined
        ? { tasks, nextCursor: encodeTaskCursor(last) }
        : { tasks };
    },
  };
}
