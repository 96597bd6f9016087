import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import type { ToolResultCache } from '@armorer/idempotency';
import { createRedisApprovalStateStore } from './approval/redis-approval-state-store';
import { createRedisToolResultCache } from './cache/redis-tool-result-cache';
import type { RedisScriptClient } from './client/redis-client';
import { createRedisGrantStateStore } from './grant/redis-grant-state-store';

/** Options of {@link createRedisStores}. */
export interface RedisStoresOptions {
  /** A connected client (ioredis `Redis` or `Cluster`). The stores never close it. */
  readonly client: RedisScriptClient;
  /** Prefix of every key (default `armorer:`; no braces). */
  readonly keyPrefix?: string;
}

/** The three stores {@link createRedisStores} makes. */
export interface RedisStores {
  readonly approvalStateStore: ApprovalStateStore;
  readonly grantStateStore: GrantStateStore;
  readonly toolResultCache: ToolResultCache;
}

/**
 * The approval, grant and idempotency stores on one Redis client and key prefix, with default options.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * const { approvalStateStore, grantStateStore, toolResultCache } = createRedisStores({
 *   client: new Redis(process.env.REDIS_URL!),
 * });
 * ```
 */
export function createRedisStores(options: RedisStoresOptions): RedisStores {
  return {
    approvalStateStore: createRedisApprovalStateStore(options),
    grantStateStore: createRedisGrantStateStore(options),
    toolResultCache: createRedisToolResultCache(options),
  };
}
