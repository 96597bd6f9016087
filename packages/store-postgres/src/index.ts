/**
 * @armorer/store-postgres: armorer's approval, grant and idempotency stores on PostgreSQL 15+, for many
 * processes and machines (server-only). Bring your own pool (a `pg` `Pool` fits as it is).
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createPostgresStores } from '@armorer/store-postgres';
 *
 * const stores = createPostgresStores({ client: new pg.Pool({ connectionString: process.env.DATABASE_URL }) });
 * ```
 *
 * @module
 */
export type { PostgresApprovalStateStoreOptions } from './approval/postgres-approval-state-store';
export { createPostgresApprovalStateStore } from './approval/postgres-approval-state-store';
export type { PostgresToolResultCacheOptions } from './cache/postgres-tool-result-cache';
export { createPostgresToolResultCache } from './cache/postgres-tool-result-cache';
export type { PostgresQuery, PostgresQueryable, PostgresQueryResult } from './client/postgres-client';
export type { PostgresStores, PostgresStoresOptions } from './create-postgres-stores';
export { createPostgresStores } from './create-postgres-stores';
export type { StoreErrorCode, StoreErrorOptions } from './errors/store-error';
export { StoreError } from './errors/store-error';
export type { PostgresGrantStateStoreOptions } from './grant/postgres-grant-state-store';
export { createPostgresGrantStateStore } from './grant/postgres-grant-state-store';
export { SCHEMA_VERSION } from './schema/schema';
