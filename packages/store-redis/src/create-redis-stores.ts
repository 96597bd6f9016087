import type { ToolResultCache } from '@armorer/idempotency';
import {
  type ArmorerStores,
  describeValue,
  misconfigured,
  resolveStoreOptions,
  type StoreFactorySpec,
  type StoreOptions,
} from '@armorer/store-shared';
import { createRedisApprovalStateStore } from './approval/redis-approval-state-store';
import { createRedisToolResultCache } from './cache/redis-tool-result-cache';
import { adaptClient, type RedisClient } from './client/client-adapter';
import { acceptsPrefix } from './client/redis-client';
import { RedisConnection } from './client/redis-connection';
import { createRedisGrantStateStore } from './grant/redis-grant-state-store';
import { createRedisTaskStateStore } from './tasks/redis-task-state-store';

/** Options of {@link createRedisStores}: the client, and the options every armorer store takes. */
export interface RedisStoresOptions extends StoreOptions {
  /**
   * An ioredis `Redis` or `Cluster`, or a node-redis client (`redis` v4 to v6) after
   * `await client.connect()`. The stores never close it.
   */
  readonly client: RedisClient;
}

/** The approval, grant, idempotency and task stores on one Redis client (see {@link ArmorerStores}). */
export type RedisStores = ArmorerStores<ToolResultCache>;

const SPEC: StoreFactorySpec = {
  factory: 'createRedisStores',
  connection: 'client',
  example: 'createRedisStores({ client: new Redis(process.env.REDIS_URL) })',
  defaultPrefix: 'armorer:',
  prefix: { accepts: acceptsPrefix, rule: 'a string of at most 256 characters without "{" or "}"' },
  extra: [],
};

/**
 * The approval, grant and idempotency stores on Redis 7 or Valkey, shared by every process and machine
 * using the server. Synchronous: nothing is sent until the first operation, which checks the connection
 * once (a clear `StoreError` if it cannot work); every round trip then has a deadline
 * (`operationTimeoutMs`). Options and client mistakes throw a `misconfigured` StoreError right here.
 *
 * @example
 * ```ts
 * import { createToolbox } from 'armorer';
 * import { withToolboxIdempotency } from 'armorer/idempotency';
 * import { createRedisStores } from '@armorer/store-redis';
 * import Redis from 'ioredis';
 *
 * const stores = createRedisStores({ client: new Redis(process.env.REDIS_URL!) });
 * const toolbox = createToolbox(tools, { ...stores, approvalSecret: process.env.ARMORER_APPROVAL_SECRET });
 * const idempotent = withToolboxIdempotency(toolbox, { ...stores, tenantId: 'tenant-1' });
 * ```
 */
export function createRedisStores(options: RedisStoresOptions): RedisStores {
  const settings = resolveStoreOptions(SPEC, options);
  const client: unknown = options.client;
  const adapter = adaptClient(client);
  if (adapter === undefined) throw misconfigured(wrongClient(client));
  const connection = new RedisConnection(adapter, settings.operationTimeoutMs);
  const shared = { client: connection, keyPrefix: settings.prefix };
  return Object.freeze({
    approvalStateStore: createRedisApprovalStateStore({
      ...shared,
      retainExpiredMs: settings.retainExpiredMs,
      reservationLeaseMs: settings.reservationLeaseMs,
    }),
    grantStateStore: createRedisGrantStateStore({ ...shared, retainExpiredMs: settings.retainExpiredMs }),
    cache: createRedisToolResultCache({ ...shared, retentionMs: settings.retainResultsMs }),
    taskStateStore: createRedisTaskStateStore(shared),
    settings,
    ready: () => connection.ready(),
    close: () => connection.close(),
  });
}

function wrongClient(client: unknown): string {
  const given = describeValue(client);
  const expected =
    'createRedisStores() needs a Redis client: an ioredis Redis or Cluster, or a node-redis client after await client.connect()';
  if (typeof client === 'string') {
    return `${expected}, not a URL (${given}). For example: createRedisStores({ client: new Redis(url) }).`;
  }
  if (given.startsWith('a pg ')) {
    return `${expected}; it was given ${given}. For PostgreSQL use createPostgresStores({ client }) from @armorer/store-postgres.`;
  }
  return `${expected}; it was given ${given}.`;
}
