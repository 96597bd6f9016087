import {
  type ArmorerStores,
  describeValue,
  misconfigured,
  resolveStoreOptions,
  type StoreFactorySpec,
  type StoreOptions,
} from '@armorer/store-shared';
import { sqliteApprovalStateStore } from './approval/sqlite-approval-state-store';
import { SqliteDatabase } from './driver/sqlite-database';
import { sqliteGrantStateStore } from './grant/sqlite-grant-state-store';
import { type SqliteToolResultCache, sqliteToolResultCache } from './results/sqlite-tool-result-cache';
import { type SqliteTaskStateStore, sqliteTaskStateStore } from './tasks/sqlite-task-state-store';

/** Options of {@link createSqliteStores}: the file, the options every armorer store takes, and SQLite's own. */
export interface SqliteStoresOptions extends StoreOptions {
  /** The database file (created when absent; its folder must exist). `:memory:` is private to one connection. */
  readonly path: string;
  /**
   * `full` (default) syncs the write-ahead log on every commit, so a recorded claim or result survives a
   * power loss; `normal` syncs at checkpoints only (survives process crashes, not power loss).
   */
  readonly synchronous?: 'full' | 'normal';
  /** Run the bounded expiry sweep once every this many writes (default 64). */
  readonly sweepEvery?: number;
  /** The most rows one sweep deletes per table (default 256). */
  readonly sweepBatch?: number;
  /** The stores' clock (default `Date.now`): expiry sweeps and reservation leases. */
  readonly now?: () => number;
}

/**
 * The three stores on one SQLite connection (see {@link ArmorerStores}); the result cache answers
 * synchronously.
 */
export interface SqliteStores extends ArmorerStores<SqliteToolResultCache> {
  /** The task store; it answers synchronously, as the result cache does. */
  readonly taskStateStore: SqliteTaskStateStore;
  /** `bun:sqlite` or `node:sqlite`. */
  readonly driver: string;
  /** Deletes a bounded batch of expired rows now (writes do this on their own every `sweepEvery`). */
  sweep(): void;
}

const SPEC: StoreFactorySpec = {
  factory: 'createSqliteStores',
  connection: 'path',
  example: "createSqliteStores({ path: './armorer.db' })",
  defaultPrefix: 'armorer_',
  prefix: {
    accepts: (prefix) => /^[a-z_][a-z0-9_]{0,39}$/.test(prefix),
    rule: 'lower-case letters, digits and "_" (at most 40, not a digit first)',
  },
  extra: ['synchronous', 'sweepEvery', 'sweepBatch', 'now'],
};

/**
 * Opens (creating and migrating as needed) one SQLite file and returns the approval, grant and result
 * stores on it. Synchronous, like the runtime's SQLite drivers: a file that cannot be opened, and every
 * mistake in the options, throw a typed `StoreError` right here. Several processes may open the same
 * file: every compare-and-set runs in a `BEGIN IMMEDIATE` transaction, in WAL mode, waiting up to
 * `operationTimeoutMs` for another process's lock.
 *
 * @example
 * ```ts
 * import { createToolbox } from 'armorer';
 * import { withToolboxIdempotency } from 'armorer/idempotency';
 * import { createSqliteStores } from '@armorer/store-sqlite';
 *
 * const stores = createSqliteStores({ path: './armorer.db' });
 * const toolbox = createToolbox(tools, { ...stores, approvalSecret: process.env.ARMORER_APPROVAL_SECRET });
 * const idempotent = withToolboxIdempotency(toolbox, { ...stores, tenantId: 'tenant-1' });
 * ```
 */
export function createSqliteStores(options: SqliteStoresOptions): SqliteStores {
  const settings = resolveStoreOptions(SPEC, options);
  const { path, synchronous, sweepEvery, sweepBatch, now } = options;
  if (typeof path !== 'string' || path.length === 0) {
    throw misconfigured(
      `createSqliteStores() needs a path: a file name, or ":memory:"; it was given ${describeValue(path)}. For example: ${SPEC.example}.`,
    );
  }
  if (synchronous !== undefined && synchronous !== 'full' && synchronous !== 'normal') {
    throw misconfigured(
      `createSqliteStores() option synchronous must be "full" or "normal"; it was ${describeValue(synchronous)}.`,
    );
  }
  for (const [name, value] of [
    ['sweepEvery', sweepEvery],
    ['sweepBatch', sweepBatch],
  ] as const) {
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value > 0)) {
      throw misconfigured(
        `createSqliteStores() option ${name} must be a positive whole number; it was ${describeValue(value)}.`,
      );
    }
  }
  if (now !== undefined && typeof now !== 'function') {
    throw misconfigured(`createSqliteStores() option now must be a function; it was ${describeValue(now)}.`);
  }
  const database = SqliteDatabase.open({
    path,
    prefix: settings.prefix,
    operationTimeoutMs: settings.operationTimeoutMs,
    ...(synchronous === undefined ? {} : { synchronous }),
    ...(sweepEvery === undefined ? {} : { sweepEvery }),
    ...(sweepBatch === undefined ? {} : { sweepBatch }),
    ...(now === undefined ? {} : { now }),
  });
  try {
    return Object.freeze({
      approvalStateStore: sqliteApprovalStateStore(database, {
        retainExpiredMs: settings.retainExpiredMs,
        reservationLeaseMs: settings.reservationLeaseMs,
      }),
      grantStateStore: sqliteGrantStateStore(database, { retainExpiredMs: settings.retainExpiredMs }),
      cache: sqliteToolResultCache(database, { retainResultsMs: settings.retainResultsMs }),
      taskStateStore: sqliteTaskStateStore(database),
      settings,
      driver: database.driverName,
      // The file was opened and migrated above: ready unless closed since.
      ready: () => Promise.resolve().then(() => database.read('checking the stores', () => undefined)),
      sweep: () => database.sweepNow(),
      close: () => database.close(),
    });
  } catch (error) {
    database.close();
    throw error;
  }
}
