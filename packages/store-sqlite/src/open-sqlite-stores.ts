import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import {
  type SqliteApprovalStoreOptions,
  sqliteApprovalStateStore,
} from './approval/sqlite-approval-state-store';
import { type SqliteConnectionOptions, SqliteDatabase } from './driver/sqlite-database';
import { type SqliteGrantStoreOptions, sqliteGrantStateStore } from './grant/sqlite-grant-state-store';
import {
  type SqliteResultCacheOptions,
  type SqliteToolResultCache,
  sqliteToolResultCache,
} from './results/sqlite-tool-result-cache';

/** Options of {@link openSqliteStores}: the connection, and each store's retention. */
export interface SqliteStoresOptions extends SqliteConnectionOptions {
  readonly approvals?: SqliteApprovalStoreOptions;
  readonly grants?: SqliteGrantStoreOptions;
  readonly results?: SqliteResultCacheOptions;
}

/** The three stores on one SQLite connection. */
export interface SqliteStores {
  readonly approvals: ApprovalStateStore;
  readonly grants: GrantStateStore;
  readonly results: SqliteToolResultCache;
  /** `bun:sqlite` or `node:sqlite`. */
  readonly driver: string;
  /** Deletes a bounded batch of expired rows now (writes do this on their own every `sweepEvery`). */
  sweep(): void;
  /** Closes the connection; the stores then fail with a `closed` store error. */
  close(): void;
}

/**
 * Opens (creating and migrating as needed) one SQLite file and returns the approval, grant and result
 * stores on it. Several processes may open the same file: every compare-and-set runs in a `BEGIN
 * IMMEDIATE` transaction under a busy timeout, in WAL mode.
 *
 * @example
 * ```ts
 * import { createToolbox } from 'armorer';
 * import { withToolboxIdempotency } from 'armorer/idempotency';
 * import { openSqliteStores } from '@armorer/store-sqlite';
 *
 * const stores = await openSqliteStores({ path: './armorer.db' });
 * const toolbox = createToolbox(tools, {
 *   approvalSecret: process.env.ARMORER_APPROVAL_SECRET,
 *   approvalStateStore: stores.approvals,
 *   grantStateStore: stores.grants,
 * });
 * const idempotent = withToolboxIdempotency(toolbox, { cache: stores.results, tenantId: 'tenant-1' });
 * ```
 */
export async function openSqliteStores(options: SqliteStoresOptions): Promise<SqliteStores> {
  const database = await SqliteDatabase.open(options);
  try {
    return {
      approvals: sqliteApprovalStateStore(database, options.approvals),
      grants: sqliteGrantStateStore(database, options.grants),
      results: sqliteToolResultCache(database, options.results),
      driver: database.driverName,
      sweep: () => database.sweepNow(),
      close: () => database.close(),
    };
  } catch (error) {
    database.close();
    throw error;
  }
}

/** A store with the `close()` of its own connection. */
export type Closable<T> = T & { close(): void };

/**
 * Opens an {@link ApprovalStateStore} on its own connection to `path`.
 *
 * @example
 * ```ts
 * const approvalStateStore = await openSqliteApprovalStateStore({ path: './armorer.db' });
 * ```
 */
export async function openSqliteApprovalStateStore(
  options: SqliteConnectionOptions & SqliteApprovalStoreOptions,
): Promise<Closable<ApprovalStateStore>> {
  const database = await SqliteDatabase.open(options);
  return withClose(database, () => sqliteApprovalStateStore(database, options));
}

/**
 * Opens a {@link GrantStateStore} on its own connection to `path`.
 *
 * @example
 * ```ts
 * const grantStateStore = await openSqliteGrantStateStore({ path: './armorer.db' });
 * ```
 */
export async function openSqliteGrantStateStore(
  options: SqliteConnectionOptions & SqliteGrantStoreOptions,
): Promise<Closable<GrantStateStore>> {
  const database = await SqliteDatabase.open(options);
  return withClose(database, () => sqliteGrantStateStore(database, options));
}

/**
 * Opens a {@link SqliteToolResultCache} on its own connection to `path`.
 *
 * @example
 * ```ts
 * const cache = await openSqliteToolResultCache({ path: './armorer.db' });
 * const idempotent = withToolboxIdempotency(toolbox, { cache, tenantId: 'tenant-1' });
 * ```
 */
export async function openSqliteToolResultCache(
  options: SqliteConnectionOptions & SqliteResultCacheOptions,
): Promise<Closable<SqliteToolResultCache>> {
  const database = await SqliteDatabase.open(options);
  return withClose(database, () => sqliteToolResultCache(database, options));
}

function withClose<T extends object>(database: SqliteDatabase, build: () => T): Closable<T> {
  try {
    return Object.assign(build(), { close: () => database.close() });
  } catch (error) {
    database.close();
    throw error;
  }
}
