// The contract of durable task state (MCP tasks), on the bottom floor beside the other store contracts;
// `@armorer/idempotency` re-exports it and implements the process-local store.
import type { MaybePromise } from './approval-state-store';

/**
 * Where a task stands. `working` and `input_required` are live; `completed`, `failed` and `cancelled` are
 * terminal: a terminal record never changes again.
 */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A JSON object (what `JSON.parse` of an object's text returns). */
export type TaskJson = { readonly [key: string]: unknown };

/**
 * Whose task it is: every task belongs to one tenant and principal, and no operation reaches a task of
 * another scope (a task of another principal is, to the caller, a task that does not exist).
 */
export interface TaskScope {
  /** The tenant (`null`: none). */
  readonly tenantId: string | null;
  /** The principal (`null`: an anonymous caller). */
  readonly principalId: string | null;
}

/** One task: its scope and its id (server-generated, unguessable, `[A-Za-z0-9._:-]`, at most 128). */
export interface TaskKey extends TaskScope {
  readonly taskId: string;
}

/** The last progress a running task reported. */
export interface TaskProgress {
  /** 0 to 100. */
  readonly percent?: number;
  readonly message?: string;
}

/**
 * The durable state of one task. The store treats `data`, `result` and `error` as opaque JSON objects:
 * `data` is the runner's own (the call to run, a pending approval, the input it asked for), `result` the
 * terminal answer of a `completed` task, `error` that of a `failed` one.
 */
export interface TaskRecord extends TaskKey {
  readonly version: 1;
  readonly status: TaskStatus;
  /** 1 when created, one more at every applied {@link TaskStateStore.transition}: the compare-and-set token. */
  readonly revision: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** The last write of any kind (a transition, progress, a cancel request). */
  readonly updatedAt: number;
  /** The end of the task's time to live: from then on it is gone (`get` and `list` no longer answer it). */
  readonly expiresAt: number;
  readonly statusMessage: string | null;
  readonly progress: TaskProgress | null;
  /** The runner holding the task while it works (a server instance), or `null`. */
  readonly owner: string | null;
  /** Until when `owner` holds it; past it another runner may take the task over. */
  readonly leaseExpiresAt: number | null;
  /** Someone asked to cancel it; the runner stops cooperatively. Never cleared. */
  readonly cancelRequested: boolean;
  readonly data: TaskJson;
  readonly result: TaskJson | null;
  readonly error: TaskJson | null;
}

/**
 * What a {@link TaskStateStore.transition} writes: the next status and every field a runner sets with it
 * (the others, `progress` and `cancelRequested`, are kept). `updatedAt` is also the time the transition
 * is checked against `expiresAt`.
 */
export type TaskChange = Pick<
  TaskRecord,
  'status' | 'updatedAt' | 'statusMessage' | 'owner' | 'leaseExpiresAt' | 'data' | 'result' | 'error'
>;

/** What a transition answers: the record after it, or (not applied) the record as it stands, if any. */
export type TaskTransition =
  | { readonly applied: true; readonly record: TaskRecord }
  | { readonly applied: false; readonly record: TaskRecord | undefined };

/** What renewing a lease answers. */
export interface TaskLeaseRenewal {
  /** The lease moved: `owner` still holds a live task. False once fenced out, terminal, expired or gone. */
  readonly renewed: boolean;
  /** Someone asked to cancel the task (read in the same step). */
  readonly cancelRequested: boolean;
}

/** Options of {@link TaskStateStore.list}. */
export interface TaskListOptions {
  /** Tasks that expired by then are left out. */
  readonly now: number;
  /** At most this many tasks (1 to 100). */
  readonly limit: number;
  /** Where the previous page ended (its `nextCursor`). */
  readonly cursor?: string | undefined;
}

/** One page of a scope's tasks, newest first. */
export interface TaskPage {
  readonly tasks: readonly TaskRecord[];
  /** Pass it back for the next page; absent on the last one. */
  readonly nextCursor?: string;
}

/**
 * Where long-running calls (MCP tasks) keep their state, so any server instance sharing the store can
 * poll, answer, cancel and finish a task another one created, and a restarted instance finds it again.
 * Every method is one atomic step on one (scope, task id) pair; a durable implementation uses its
 * storage's conditional writes (a transaction, a Lua script, a conditional `UPDATE`), never a read
 * followed by a separate write. Methods may answer synchronously. Records past `expiresAt` are gone:
 * every method treats them as absent and implementations reclaim them (a bounded sweep, a key TTL).
 *
 * Rules (the conformance suite of `@armorer/test` checks each one):
 * - `create` writes the record only when its (scope, task id) is free (or holds an expired record).
 * - `transition` is a compare-and-set on `revision`: applied only when the stored revision equals the one
 *   given, the stored task is not terminal and not expired; it sets the change, keeps `progress` and
 *   `cancelRequested`, and increments `revision`.
 * - `progress` writes the progress of a `working` task its `owner` holds; `renew` moves the lease of a
 *   live task its `owner` holds and reads `cancelRequested` in the same step; `requestCancel` flags a
 *   live task. None of them changes `revision`.
 * - `list` answers one scope's live tasks, newest first (`createdAt`, then task id), reading only that
 *   scope's index, never another tenant's or principal's.
 * - Inputs are checked: a malformed key, record or change is refused with a `TypeError`, a record whose
 *   JSON is larger than {@link MAX_TASK_RECORD_BYTES} with a `RangeError`, before anything is written.
 *
 * @example
 * ```ts
 * const store: TaskStateStore = createProcessLocalTaskStateStore();
 * await store.create(record); // true
 * const next = await store.transition(record, record.revision, { ...change, status: 'completed' });
 * next.applied; // true: the task is completed, and stays so
 * ```
 */
export interface TaskStateStore {
  readonly specificationVersion: 'v1';
  /** Records a new task (`revision` 1); false, writing nothing, when its key holds a live task. */
  create(record: TaskRecord): MaybePromise<boolean>;
  /** The live task, or undefined (never created, expired at `now`, or of another scope). */
  get(key: TaskKey, now: number): MaybePromise<TaskRecord | undefined>;
  /** Compare-and-set on `revision` (see the rules above). */
  transition(key: TaskKey, revision: number, change: TaskChange): MaybePromise<TaskTransition>;
  /** Records the progress of a `working` task held by `owner`; false otherwise. */
  progress(key: TaskKey, owner: string, progress: TaskProgress, updatedAt: number): MaybePromise<boolean>;
  /** Moves the lease of a live task held by `owner` to `leaseExpiresAt`. */
  renew(key: TaskKey, owner: string, leaseExpiresAt: number, now: number): MaybePromise<TaskLeaseRenewal>;
  /** Flags a live task for cancellation; answers the record after it (undefined when there is none). */
  requestCancel(key: TaskKey, now: number): MaybePromise<TaskRecord | undefined>;
  /** One page of the scope's live tasks, newest first. */
  list(scope: TaskScope, options: TaskListOptions): MaybePromise<TaskPage>;
}

/** The largest `data`, `result`, `error`, `progress` and `statusMessage` of one record, as UTF-8 JSON. */
export const MAX_TASK_RECORD_BYTES = 4 * 1024 * 1024;

/** The most tasks one {@link TaskStateStore.list} page holds. */
export const MAX_TASK_PAGE = 100;
