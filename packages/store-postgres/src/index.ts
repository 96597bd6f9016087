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
 * // stores.approvalStateStore, stores.grantStateStore, stores.cache
 * ```
 *
 * @module
 */
export type { ArmorerStores, StoreOptions, StoreSettings } from '@armorer/store-shared';
export type { PostgresQuery, PostgresQueryable, PostgresQueryResult } from './client/postgres-client';
export type { PostgresStores, PostgresStoresOptions } from './create-postgres-stores';
export { createPostgresStores } from './create-postgres-stores';
export type { StoreErrorCode, StoreErrorOptions } from './errors/store-error';
export { StoreError } from './errors/store-error';
export { SCHEMA_VERSION } from './schema/schema';
