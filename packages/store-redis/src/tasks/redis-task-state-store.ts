import { createHash } from 'node:crypto';
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
  isAfterTaskCursor,
  type TaskLeaseRenewal,
  type TaskRecord,
  type TaskStateStore,
  taskScopeKey,
} from '@armorer/idempotency';
import { checkClient, checkPrefix, type RedisScriptClient, runScript } from '../client/redis-client';
import { StoreError } from '../errors/store-error';
import {
  CANCEL,
  CREATE,
  FIELDS,
  GET,
  LIST_IDS,
  PROGRESS,
  RENEW,
  readManyScript,
  TRANSITION,
} from './scripts';

/** Options of {@link createRedisTaskStateStore}, as `createRedisStores` resolved them. @internal */
export interface RedisTaskStateStoreOptions {
  readonly client: RedisScriptClient;
  readonly keyPrefix?: string;
}

const NOT_RENEWED: TaskLeaseRenewal = Object.freeze({ renewed: false, cancelRequested: false });

const corrupt = (what: string) =>
  new StoreError({ code: 'corrupt-record', message: `Redis answered something unexpected ${what}.` });

/** A task from its fields (HMGET order); absent fields are null. */
function decode(fields: unknown): TaskRecord {
  if (!Array.isArray(fields) || fields.length !== FIELDS.length) throw corrupt('for a task');
  const value = (index: number) => fields[index] ?? null;
  return decodeStoredTask({
    scope: value(0),
    taskId: value(1),
    status: value(2),
    revision: value(3),
    createdAt: value(4),
    updatedAt: value(5),
    expiresAt: value(6),
    statusMessage: value(7),
    progress: value(8),
    owner: value(9),
    leaseExpiresAt: value(10),
    cancelRequested: value(11),
    data: value(12),
    result: value(13),
    error: value(14),
  });
}

/** An optional value as the scripts take it: empty text for null. */
const optional = (value: string | number | null) => (value === null ? '' : value);

/**
 * The {@link TaskStateStore} on Redis 7 or Valkey: a task is one hash, and each scope has two sorted
 * sets (by creation, for lists; by expiry, swept a bounded batch at every create). A scope's keys share
 * one hash tag (a digest of the scope), so every compare-and-set is one Lua script on one Cluster slot,
 * and a list reads only its own scope's index. Tasks expire with `PEXPIREAT` at their `expiresAt`. Built
 * by `createRedisStores` (its `taskStateStore`). @internal
 */
export function createRedisTaskStateStore(options: RedisTaskStateStoreOptions): TaskStateStore {
  const client = checkClient(options?.client);
  const prefix = checkPrefix(options.keyPrefix);
  const tagOf = (scope: string) => `${prefix}{task:${createHash('sha1').update(scope).digest('hex')}}`;
  const keys = (scope: string) => {
    const tag = tagOf(scope);
    return { task: (id: string) => `${tag}:${id}`, created: `${tag}:created`, expiry: `${tag}:expiry` };
  };
  const fieldsOrNothing = (answer: unknown) => (answer == null ? undefined : decode(answer));

  return {
    specificationVersion: 'v1',
    async create(record) {
      const task = encodeTaskRecord(record);
      const k = keys(task.scope);
      const answer = await runScript(client, CREATE, [
        k.task(task.taskId),
        k.created,
        k.expiry,
        task.scope,
        task.taskId,
        task.status,
        task.revision,
        task.createdAt,
        task.updatedAt,
        task.expiresAt,
        optional(task.statusMessage),
        optional(task.progress),
        optional(task.owner),
        optional(task.leaseExpiresAt),
        task.cancelRequested ? '1' : '0',
        task.data,
        optional(task.result),
        optional(task.error),
      ]);
      return answer === 1;
    },
    async get(key, now) {
      const { scope, taskId } = checkTaskKey(key);
      return fieldsOrNothing(
        await runScript(client, GET, [keys(scope).task(taskId), scope, checkTaskTime(now)]),
      );
    },
    async transition(key, revision, change) {
      const { scope, taskId } = checkTaskKey(key);
      const next = encodeTaskChange(change);
      const answer = await runScript(client, TRANSITION, [
        keys(scope).task(taskId),
        scope,
        String(revision),
        next.status,
        next.updatedAt,
        optional(next.statusMessage),
        optional(next.owner),
        optional(next.leaseExpiresAt),
        next.data,
        optional(next.result),
        optional(next.error),
      ]);
      if (!Array.isArray(answer)) throw corrupt('for a transition');
      const record = fieldsOrNothing(answer[1]);
      return answer[0] === 1 && record !== undefined ? { applied: true, record } : { applied: false, record };
    },
    async progress(key, owner, progress, updatedAt) {
      const { scope, taskId } = checkTaskKey(key);
      const text = encodeTaskProgress(progress);
      const answer = await runScript(client, PROGRESS, [
        keys(scope).task(taskId),
        scope,
        checkTaskOwner(owner),
        text,
        checkTaskTime(updatedAt),
      ]);
      return answer === 1;
    },
    async renew(key, owner, leaseExpiresAt, now) {
      const { scope, taskId } = checkTaskKey(key);
      const answer = await runScript(client, RENEW, [
        keys(scope).task(taskId),
        scope,
        checkTaskOwner(owner),
        checkTaskTime(leaseExpiresAt),
        checkTaskTime(now),
      ]);
      if (!Array.isArray(answer)) throw corrupt('for a lease renewal');
      return answer[0] === 1 ? { renewed: true, cancelRequested: answer[1] === 1 } : NOT_RENEWED;
    },
    async requestCancel(key, now) {
      const { scope, taskId } = checkTaskKey(key);
      return fieldsOrNothing(
        await runScript(client, CANCEL, [keys(scope).task(taskId), scope, checkTaskTime(now)]),
      );
    },
    async list(scopeOf, listOptions) {
      const scope = taskScopeKey(scopeOf);
      const { now, limit, after } = checkTaskListOptions(listOptions);
      const k = keys(scope);
      const found: TaskRecord[] = [];
      let cursor = after;
      // Ids come newest first; ones that expired since are skipped, so read on until the page is full.
      for (;;) {
        const batch = (limit + 1) * 2;
        const ids = await listIds(client, k.created, cursor, batch);
        if (ids.length === 0) break;
        const answers = await runScript(client, readManyScript(ids.length), [
          ...ids.map(({ id }) => k.task(id)),
          scope,
          now,
        ]);
        if (!Array.isArray(answers) || answers.length !== ids.length) throw corrupt('for a list');
        for (const answer of answers) if (answer !== 0) found.push(decode(answer));
        const last = ids[ids.length - 1] as { id: string; createdAt: number };
        cursor = { createdAt: last.createdAt, taskId: last.id };
        if (found.length > limit || ids.length < batch) break;
      }
      const tasks = found.slice(0, limit);
      const tail = tasks[tasks.length - 1];
      return found.length > limit && tail !== undefined
        ? { tasks, nextCursor: encodeTaskCursor(tail) }
        : { tasks };
    },
  };
}

/** Up to `count` task ids of a scope after the cursor, newest first (ties of one millisecond by id). */
async function listIds(
  client: RedisScriptClient,
  created: string,
  cursor: { readonly createdAt: number; readonly taskId: string } | undefined,
  count: number,
): Promise<{ id: string; createdAt: number }[]> {
  const answer = await runScript(client, LIST_IDS, [
    created,
    cursor === undefined ? '+inf' : cursor.createdAt,
    cursor === undefined ? '0' : '1',
    count,
  ]);
  if (!Array.isArray(answer) || !Array.isArray(answer[0]) || !Array.isArray(answer[1])) {
    throw corrupt('for a list');
  }
  const ids: { id: string; createdAt: number }[] = [];
  if (cursor !== undefined) {
    const ties = (answer[0] as unknown[])
      .map(String)
      .filter((id) => isAfterTaskCursor({ createdAt: cursor.createdAt, taskId: id }, cursor));
    ties.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    for (const id of ties) ids.push({ id, createdAt: cursor.createdAt });
  }
  const older = answer[1] as unknown[];
  for (let index = 0; index + 1 < older.length && ids.length < count; index += 2) {
    ids.push({ id: String(older[index]), createdAt: Number(older[index + 1]) });
  }
  return ids;
}
