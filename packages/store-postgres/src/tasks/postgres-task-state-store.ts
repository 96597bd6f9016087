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
  type TaskRecord,
  type TaskStateStore,
  taskScopeKey,
} from '@armorer/idempotency';
import { checkClient, checkTablePrefix, type PostgresQueryable } from '../client/postgres-client';
import { createSweeper } from '../schema/sweep';
import { runTaskStatement, taskTableOf } from './task-schema';

/** Options of {@link createPostgresTaskStateStore}, as `createPostgresStores` resolved them. @internal */
export interface PostgresTaskStateStoreOptions {
  readonly client: PostgresQueryable;
  readonly tablePrefix?: string;
}

const NOT_RENEWED: TaskLeaseRenewal = Object.freeze({ renewed: false, cancelRequested: false });
const LIVE = `status IN ('working', 'input_required')`;

function decode(row: Record<string, unknown>): TaskRecord {
  return decodeStoredTask({
    scope: row.scope,
    taskId: row.task_id,
    status: row.status,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.purge_at,
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
 * The {@link TaskStateStore} on PostgreSQL 15+: one row per (scope, task id); `create` is one
 * `INSERT ... ON CONFLICT` that takes the id over only from an expired row, every compare-and-set one
 * conditional `UPDATE ... RETURNING`, and a list one index range scan of its scope,
 * `(scope, created_at DESC, task_id DESC)`. Expired rows are swept on write. Built by
 * `createPostgresStores` (its `taskStateStore`). @internal
 */
export function createPostgresTaskStateStore(options: PostgresTaskStateStoreOptions): TaskStateStore {
  const client = checkClient(options?.client);
  const prefix = checkTablePrefix(options.tablePrefix);
  const t = taskTableOf(prefix);
  const sweep = createSweeper(client, t);
  const key = 'scope = $1 AND task_id = $2';
  const sql = {
    create: `INSERT INTO ${t} AS current (scope, task_id, status, revision, created_at, updated_at, purge_at,
        status_message, progress, owner, lease_expires_at, cancel_requested, data, result, error)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
      ON CONFLICT (scope, task_id) DO UPDATE SET status = EXCLUDED.status, revision = EXCLUDED.revision,
        created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, purge_at = EXCLUDED.purge_at,
        status_message = EXCLUDED.status_message, progress = EXCLUDED.progress, owner = EXCLUDED.owner,
        lease_expires_at = EXCLUDED.lease_expires_at, cancel_requested = EXCLUDED.cancel_requested,
        data = EXCLUDED.data, result = EXCLUDED.result, error = EXCLUDED.error
      WHERE current.purge_at <= EXCLUDED.created_at`,
    get: `SELECT * FROM ${t} WHERE ${key} AND purge_at > $3`,
    transition: `UPDATE ${t} SET status = $4, updated_at = $5, status_message = $6, owner = $7,
        lease_expires_at = $8, data = $9, result = $10, error = $11, revision = revision + 1
      WHERE ${key} AND revision = $3 AND ${LIVE} AND purge_at > $5 RETURNING *`,
    progress: `UPDATE ${t} SET progress = $4, updated_at = $5
      WHERE ${key} AND status = 'working' AND owner = $3 AND purge_at > $5`,
    renew: `UPDATE ${t} SET lease_expires_at = $4
      WHERE ${key} AND owner = $3 AND ${LIVE} AND purge_at > $5 RETURNING cancel_requested`,
    cancel: `UPDATE ${t} SET cancel_requested = true, updated_at = GREATEST(updated_at, $3)
      WHERE ${key} AND ${LIVE} AND NOT cancel_requested AND purge_at > $3 RETURNING *`,
    list: `SELECT * FROM ${t} WHERE scope = $1 AND purge_at > $2
      ORDER BY created_at DESC, task_id DESC LIMIT $3`,
    listAfter: `SELECT * FROM ${t} WHERE scope = $1 AND purge_at > $2 AND (created_at, task_id) < ($4, $5)
      ORDER BY created_at DESC, task_id DESC LIMIT $3`,
  };
  const query = (text: string, values: unknown[]) => runTaskStatement(client, prefix, text, values);
  const read = async (scope: string, taskId: string, now: number) => {
    const row = (await query(sql.get, [scope, taskId, now])).rows[0];
    return row === undefined ? undefined : decode(row);
  };

  return {
    specificationVersion: 'v1',
    async create(record) {
      const task = encodeTaskRecord(record);
      const { rowCount } = await query(sql.create, [
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
        task.cancelRequested,
        task.data,
        task.result,
        task.error,
      ]);
      sweep();
      return rowCount === 1;
    },
    async get(taskKey, now) {
      const { scope, taskId } = checkTaskKey(taskKey);
      return read(scope, taskId, checkTaskTime(now));
    },
    async transition(taskKey, revision, change) {
      const { scope, taskId } = checkTaskKey(taskKey);
      const next = encodeTaskChange(change);
      if (typeof revision === 'number' && Number.isSafeInteger(revision)) {
        const row = (
          await query(sql.transition, [
            scope,
            taskId,
            revision,
            next.status,
            next.updatedAt,
            next.statusMessage,
            next.owner,
            next.leaseExpiresAt,
            next.data,
            next.result,
            next.error,
          ])
        ).rows[0];
        if (row !== undefined) {
          sweep();
          return { applied: true, record: decode(row) };
        }
      }
      return { applied: false, record: await read(scope, taskId, next.updatedAt) };
    },
    async progress(taskKey, owner, progress, updatedAt) {
      const { scope, taskId } = checkTaskKey(taskKey);
      const text = encodeTaskProgress(progress);
      const values = [scope, taskId, checkTaskOwner(owner), text, checkTaskTime(updatedAt)];
      return (await query(sql.progress, values)).rowCount === 1;
    },
    async renew(taskKey, owner, leaseExpiresAt, now) {
      const { scope, taskId } = checkTaskKey(taskKey);
      const values = [
        scope,
        taskId,
        checkTaskOwner(owner),
        checkTaskTime(leaseExpiresAt),
        checkTaskTime(now),
      ];
      const row = (await query(sql.renew, values)).rows[0];
      return row === undefined
        ? NOT_RENEWED
        : { renewed: true, cancelRequested: row.cancel_requested === true };
    },
    async requestCancel(taskKey, now) {
      const { scope, taskId } = checkTaskKey(taskKey);
      const row = (await query(sql.cancel, [scope, taskId, checkTaskTime(now)])).rows[0];
      return row === undefined ? read(scope, taskId, now) : decode(row);
    },
    async list(scopeOf, listOptions) {
      const scope = taskScopeKey(scopeOf);
      const { now, limit, after } = checkTaskListOptions(listOptions);
      const { rows } =
        after === undefined
          ? await query(sql.list, [scope, now, limit + 1])
          : await query(sql.listAfter, [scope, now, limit + 1, after.createdAt, after.taskId]);
      const tasks = rows.slice(0, limit).map(decode);
      const last = tasks[tasks.length - 1];
      return rows.length > limit && last !== undefined
        ? { tasks, nextCursor: encodeTaskCursor(last) }
        : { tasks };
    },
  };
}
