import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import type { ToolResultCache } from '@armorer/idempotency';
import { createPostgresApprovalStateStore } from './approval/postgres-approval-state-store';
import { createPostgresToolResultCache } from './cache/postgres-tool-result-cache';
import type { PostgresQueryable } from './client/postgres-client';
import { createPostgresGrantStateStore } from './grant/postgres-grant-state-store';

/** Options of {@link createPostgresStores}. */
export interface PostgresStoresOptions {
  /** A `pg` `Pool` (or anything with `query({ text, values, name })`). The stores never end it. */
  readonly client: PostgresQueryable;
  /** Prefix of the table names (default `armorer_`). */
  readonly tablePrefix?: string;
}

/** The three stores {@link createPostgresStores} makes. */
export interface PostgresStores {
  readonly approvalStateStore: ApprovalStateStore;
  readonly grantStateStore: GrantStateStore;
  readonly toolResultCache: ToolResultCache;
}

/**
 * The approval, grant and idempotency stores on one PostgreSQL pool and table prefix, with default options.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * const { approvalStateStore, grantStateStore, toolResultCache } = createPostgresStores({
 *   client: new pg.Pool({ connectionString: process.env.DATABASE_URL }),
 * });
 * ```
 */
export function createPostgresStores(options: PostgresStoresOptions): PostgresStores {
  return {
    approvalStateStore: createPostgresApprovalStateStore(options),
    grantStateStore: createPostgresGrantStateStore(options),
    toolResultCache: createPostgresToolResultCache(options),
  };
}
