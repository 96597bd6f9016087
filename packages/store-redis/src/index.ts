/**
 * @armorer/store-redis: armorer's approval, grant and idempotency stores on Redis 7 or Valkey, for many
 * processes and machines (server-only). Bring your own client (ioredis fits as it is).
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * import { createRedisStores } from '@armorer/store-redis';
 *
 * const stores = createRedisStores({ client: new Redis(process.env.REDIS_URL!) });
 * ```
 *
 * @module
 */
export type { RedisApprovalStateStoreOptions } from './approval/redis-approval-state-store';
export { createRedisApprovalStateStore } from './approval/redis-approval-state-store';
export type { RedisToolResultCacheOptions } from './cache/redis-tool-result-cache';
export { createRedisToolResultCache } from './cache/redis-tool-result-cache';
export type { RedisScriptClient } from './client/redis-client';
export type { RedisStores, RedisStoresOptions } from './create-redis-stores';
export { createRedisStores } from './create-redis-stores';
export type { StoreErrorCode, StoreErrorOptions } from './errors/store-error';
export { StoreError } from './errors/store-error';
export type { RedisGrantStateStoreOptions } from './grant/redis-grant-state-store';
export { createRedisGrantStateStore } from './grant/redis-grant-state-store';
