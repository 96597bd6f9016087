/**
 * @armorer/store-redis: armorer's approval, grant and idempotency stores on Redis 7 or Valkey, for many
 * processes and machines (server-only). Bring your own client: ioredis (`Redis` or `Cluster`) or
 * node-redis (`redis` v4 to v6).
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * import { createRedisStores } from '@armorer/store-redis';
 *
 * const stores = createRedisStores({ client: new Redis(process.env.REDIS_URL!) });
 * // stores.approvalStateStore, stores.grantStateStore, stores.cache
 * ```
 *
 * @module
 */
export type { ArmorerStores, StoreOptions, StoreSettings } from '@armorer/store-shared';
export type {
  IoredisLikeClient,
  NodeRedisLikeClient,
  NodeRedisScriptOptions,
  RedisClient,
} from './client/client-adapter';
export type { RedisStores, RedisStoresOptions } from './create-redis-stores';
export { createRedisStores } from './create-redis-stores';
export type { StoreErrorCode, StoreErrorOptions } from './errors/store-error';
export { StoreError } from './errors/store-error';
