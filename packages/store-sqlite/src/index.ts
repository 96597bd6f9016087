/**
 * @armorer/store-sqlite: durable `ApprovalStateStore`, `GrantStateStore`, `ToolResultCache` and `TaskStateStore` on one
 * SQLite file, the embedded default for running armorer in several processes on one machine. Uses the
 * runtime's SQLite (`bun:sqlite` under Bun, `node:sqlite` under Node 22.5+), WAL, a busy timeout and
 * `BEGIN IMMEDIATE` transactions; the schema is created and migrated on open; expired rows are reclaimed
 * by a bounded sweep folded into writes. Server-only.
 *
 * @example
 * ```ts
 * import { createSqliteStores } from '@armorer/store-sqlite';
 *
 * const stores = createSqliteStores({ path: './armorer.db' });
 * stores.cache.claimStarted('key-1', {
 *   version: 1, state: 'started', attemptId: 'a1', startedAt: Date.now(),
 *   leaseExpiresAt: Date.now() + 30_000, leaseDeadlineAt: Date.now() + 600_000,
 * }); // { claimed: true }, in any process sharing the file
 * stores.close();
 * ```
 *
 * @module
 */
export type { ArmorerStores, StoreOptions, StoreSettings } from '@armorer/store-shared';
export type { SqliteStores, SqliteStoresOptions } from './create-sqlite-stores';
export { createSqliteStores } from './create-sqlite-stores';
export type { StoreErrorCode, StoreErrorOptions } from './errors/store-error';
export { StoreError } from './errors/store-error';
export type { SqliteToolResultCache } from './results/sqlite-tool-result-cache';
export { SCHEMA_VERSION } from './schema/migrations';
export type { SqliteTaskStateStore } from './tasks/sqlite-task-state-store';
