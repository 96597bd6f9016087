import type { ToolResultCache } from '@armorer/idempotency';
import {
  type ArmorerStores,
  describeValue,
  misconfigured,
  resolveStoreOptions,
  type StoreFactorySpec,
  type StoreOptions,
} from '@armorer/store-shared';
import { createPostgresApprovalStateStore } from './approval/postgres-approval-state-store';
import { createPostgresToolResultCache } from './cache/postgres-tool-result-cache';
import { acceptsTablePrefix, type PostgresQueryable } from './client/postgres-client';
import { PostgresConnection } from './client/postgres-connection';
import { createPostgresGrantStateStore } from './grant/postgres-grant-state-store';
import { ensureSchema } from './schema/schema';
import { createPostgresTaskStateStore } from './tasks/postgres-task-state-store';
import { ensureTaskSchema } from './tasks/task-schema';

/** Options of {@link createPostgresStores}: the pool, and the options every armorer store takes. */
export interface PostgresStoresOptions extends StoreOptions {
  /** A `pg` `Pool` (or a connected `pg` `Client`, or anything with `query({ text, values, name })`). The stores never end it. */
  readonly client: PostgresQueryable;
}

/** The approval, grant, idempotency and task stores on one PostgreSQL pool (see {@link ArmorerStores}). */
export type PostgresStores = ArmorerStores<ToolResultCache>;

const SPEC: StoreFactorySpec = {
  factory: 'createPostgresStores',
  connection: 'client',
  example: 'createPostgresStores({ client: new pg.Pool({ connectionString: process.env.DATABASE_URL }) })',
  defaultPrefix: 'armorer_',
  prefix: {
    accepts: acceptsTablePrefix,
    rule: 'lower-case letters, digits and "_" (at most 40, not a digit first)',
  },
  extra: [],
};

/**
 * The approval, grant and idempotency stores on PostgreSQL 15+, shared by every process and machine using
 * the database. Synchronous: nothing is sent until the first operation, which checks the connection by
 * creating or migrating the tables (a clear `StoreError` if it cannot); every statement then has a deadline
 * (`operationTimeoutMs`). Options and client mistakes throw a `misconfigured` StoreError right here.
 *
 * @example
 * ```ts
 * import { createToolbox } from 'armorer';
 * import { withToolboxIdempotency } from 'armorer/idempotency';
 * import { createPostgresStores } from '@armorer/store-postgres';
 * import pg from 'pg';
 *
 * const stores = createPostgresStores({ client: new pg.Pool({ connectionString: process.env.DATABASE_URL }) });
 * const toolbox = createToolbox(tools, { ...stores, approvalSecret: process.env.ARMORER_APPROVAL_SECRET });
 * const idempotent = withToolboxIdempotency(toolbox, { ...stores, tenantId: 'tenant-1' });
 * ```
 */
export function createPostgresStores(options: PostgresStoresOptions): PostgresStores {
  const settings = resolveStoreOptions(SPEC, options);
  const client: unknown = options.client;
  if (typeof (client as { query?: unknown } | null)?.query !== 'function')
    throw misconfigured(wrongClient(client));
  const connection = new PostgresConnection(client as PostgresQueryable, settings.operationTimeoutMs);
  const shared = { client: connection, tablePrefix: settings.prefix };
  return Object.freeze({
    approvalStateStore: createPostgresApprovalStateStore({
      ...shared,
      retainExpiredMs: settings.retainExpiredMs,
      reservationLeaseMs: settings.reservationLeaseMs,
    }),
    grantStateStore: createPostgresGrantStateStore({ ...shared, retainExpiredMs: settings.retainExpiredMs }),
    cache: createPostgresToolResultCache({ ...shared, retentionMs: settings.retainResultsMs }),
    taskStateStore: createPostgresTaskStateStore(shared),
    settings,
    // A closed connection refuses the query; an open one checks (or has checked) the tables once.
    ready: () =>
      connection.closed
        ? connection.query({ text: 'SELECT 1' }).then(() => undefined)
        : ensureSchema(connection, settings.prefix).then(() => ensureTaskSchema(connection, settings.prefix)),
    close: () => connection.close(),
  });
}

function wrongClient(client: unknown): string {
  const given = describeValue(client);
  const expected =
    'createPostgresStores() needs a pg Pool (or a connected pg Client): anything with query({ text, values })';
  if (typeof client === 'string') {
    return `${expected}, not a connection string (${given}). For example: createPostgresStores({ client: new pg.Pool({ connectionString }) }).`;
  }
  if (given === 'an ioredis client' || given === 'a node-redis client') {
    return `${expected}; it was given ${given}. For Redis use createRedisStores({ client }) from @armorer/store-redis.`;
  }
  return `${expected}; it was given ${given}.`;
}
