import { checkTaskListOptions, encodeTaskCursor, isAfterTaskCursor } from './list-cursor';
import {
  checkTaskKey,
  checkTaskOwner,
  checkTaskTime,
  encodeTaskChange,
  encodeTaskProgress,
  encodeTaskRecord,
  isTerminalTaskStatus,
  type StoredTask,
  taskScopeKey,
} from './records';
import { decodeStoredTask } from './stored-task';
import type { TaskLeaseRenewal, TaskRecord, TaskStateStore } from './types';

/** Options of {@link createProcessLocalTaskStateStore}. */
export interface ProcessLocalTaskStateStoreOptions {
  /** The clock of the expiry sweep (default `Date.now`). */
  readonly now?: () => number;
}

const NOT_RENEWED: TaskLeaseRenewal = Object.freeze({ renewed: false, cancelRequested: false });

/**
 * An in-memory {@link TaskStateStore}: process-local, lost on restart, never shared between processes
 * (serve several instances from Redis, PostgreSQL or SQLite instead). Tasks are kept per scope, so a list
 * reads only its own scope; expired tasks are dropped by a sweep every 256 writes. Records are stored as
 * their JSON text, so what a caller passed or got back can never change what is stored.
 *
 * @example
 * ```ts
 * import { createMCP } from '@armorer/mcp';
 *
 * const mcp = createMCP(toolbox, { taskStateStore: createProcessLocalTaskStateStore() });
 * ```
 */
export function createProcessLocalTaskStateStore(
  options: ProcessLocalTaskStateStoreOptions = {},
): TaskStateStore {
  const scopes = new Map<string, Map<string, StoredTask>>();
  const clock = options.now ?? Date.now;
  let writes = 0;

  function sweep(): void {
    if (++writes < 256) return;
    writes = 0;
    const now = clock();
    for (const [scope, tasks] of scopes) {
      for (const [id, task] of tasks) if (task.expiresAt <= now) tasks.delete(id);
      if (tasks.size === 0) scopes.delete(scope);
    }
  }

  function live(scope: string, taskId: string, now: number): StoredTask | undefined {
    const task = scopes.get(scope)?.get(taskId);
    return task !== undefined && task.expiresAt > now ? task : undefined;
  }

  function put(task: StoredTask): void {
    let tasks = scopes.get(task.scope);
    if (tasks === undefined) {
      tasks = new Map();
      scopes.set(task.scope, tasks);
    }
    tasks.set(task.taskId, task);
  }

  return {
    specificationVersion: 'v1',
    async create(record) {
      const task = encodeTaskRecord(record);
      if (live(task.scope, task.taskId, task.createdAt) !== undefined) return false;
      sweep();
      put(task);
      return true;
    },
    async get(key, now) {
      const { scope, taskId } = checkTaskKey(key);
      const task = live(scope, taskId, checkTaskTime(now));
      return task === undefined ? undefined : decodeStoredTask(task);
    },
    async transition(key, revision, change) {
      const { scope, taskId } = checkTaskKey(key);
      const next = encodeTaskChange(change);
      const task = live(scope, taskId, next.updatedAt);
      if (task === undefined) return { applied: false, record: undefined };
      if (task.revision !== revision || isTerminalTaskStatus(task.status)) {
        return { applied: false, record: decodeStoredTask(task) };
      }
      const written: StoredTask = { ...task, ...next, revision: task.revision + 1 };
      sweep();
      put(written);
      return { applied: true, record: decodeStoredTask(written) };
    },
    async progress(key, owner, progress, updatedAt) {
      const { scope, taskId } = checkTaskKey(key);
      const text = encodeTaskProgress(progress);
      checkTaskOwner(owner);
      const task = live(scope, taskId, checkTaskTime(updatedAt));
      if (task?.status !== 'working' || task.owner !== owner) return false;
      put({ ...task, progress: text, updatedAt });
      return true;
    },
    async renew(key, owner, leaseExpiresAt, now) {
      const { scope, taskId } = checkTaskKey(key);
      checkTaskOwner(owner);
      checkTaskTime(leaseExpiresAt);
      const task = live(scope, taskId, checkTaskTime(now));
      if (task === undefined || isTerminalTaskStatus(task.status) || task.owner !== owner) return NOT_RENEWED;
      put({ ...task, leaseExpiresAt });
      return { renewed: true, cancelRequested: task.cancelRequested };
    },
    async requestCancel(key, now) {
      const { scope, taskId } = checkTaskKey(key);
      const task = live(scope, taskId, checkTaskTime(now));
      if (task === undefined) return undefined;
      if (isTerminalTaskStatus(task.status) || task.cancelRequested) return decodeStoredTask(task);
      const flagged: StoredTask = {
        ...task,
        cancelRequested: true,
        updatedAt: Math.max(task.updatedAt, now),
      };
      put(flagged);
      return decodeStoredTask(flagged);
    },
    async list(scope, listOptions) {
      const key = taskScopeKey(scope);
      const { now, limit, after } = checkTaskListOptions(listOptions);
      const tasks = [...(scopes.get(key)?.values() ?? [])]
        .filter((task) => task.expiresAt > now && isAfterTaskCursor(task, after))
        .sort(
          (a, b) => b.createdAt - a.createdAt || (a.taskId < b.taskId ? 1 : a.taskId > b.taskId ? -1 : 0),
        );
      const page: TaskRecord[] = tasks.slice(0, limit).map(decodeStoredTask);
      const last = page[page.length - 1];
      return tasks.length > limit && last !== undefined
        ? { tasks: page, nextCursor: encodeTaskCursor(last) }
        : { tasks: page };
    },
  };
}
