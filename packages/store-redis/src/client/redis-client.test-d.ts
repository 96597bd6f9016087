import { expectTypeOf, test } from 'bun:test';
import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import { createToolbox } from '@armorer/core';
import { type ToolResultCache, withToolboxIdempotency } from '@armorer/idempotency';
import type { Cluster, Redis } from 'ioredis';
import type { createClient as createClient5, createCluster } from 'redis';
import type { createClient as createClient4 } from 'redis-4';
import type { createClient as createClient6 } from 'redis-6';
import { createRedisStores, type RedisStores } from '../create-redis-stores';
import type { RedisClient } from './client-adapter';

test('ioredis and node-redis 4, 5 and 6 clients are RedisClients as they are', () => {
  expectTypeOf<Redis>().toExtend<RedisClient>();
  expectTypeOf<Cluster>().toExtend<RedisClient>();
  expectTypeOf<ReturnType<typeof createClient4>>().toExtend<RedisClient>();
  expectTypeOf<ReturnType<typeof createClient5>>().toExtend<RedisClient>();
  expectTypeOf<ReturnType<typeof createCluster>>().toExtend<RedisClient>();
  expectTypeOf<ReturnType<typeof createClient6>>().toExtend<RedisClient>();
  expectTypeOf<{ evalsha: () => void }>().not.toExtend<RedisClient>();
  expectTypeOf<{ query: (text: string) => Promise<unknown> }>().not.toExtend<RedisClient>();
});

test('createRedisStores returns the stores under the names of the options they plug into', () => {
  expectTypeOf<RedisStores['approvalStateStore']>().toEqualTypeOf<ApprovalStateStore>();
  expectTypeOf<RedisStores['grantStateStore']>().toEqualTypeOf<GrantStateStore>();
  expectTypeOf<RedisStores['cache']>().toEqualTypeOf<ToolResultCache>();
  expectTypeOf<RedisStores['close']>().toEqualTypeOf<() => void>();
  expectTypeOf<RedisStores['ready']>().toEqualTypeOf<() => Promise<void>>();
});

test('the stores spread into createToolbox and withToolboxIdempotency', () => {
  const stores = {} as RedisStores;
  const toolbox = createToolbox([], { ...stores, approvalSecret: 'a-secret-of-at-least-32-bytes-of-text' });
  withToolboxIdempotency(toolbox, { ...stores, tenantId: 'tenant-1' });
});

test('the client goes in an options object; old option names are type errors', () => {
  const client = {} as Redis;
  createRedisStores({ client, prefix: 'billing:', operationTimeoutMs: 2000 });
  // @ts-expect-error the client goes in an options object: createRedisStores({ client })
  createRedisStores(client);
  // @ts-expect-error keyPrefix is now prefix
  createRedisStores({ client, keyPrefix: 'x:' });
  // @ts-expect-error retentionMs is now retainResultsMs
  createRedisStores({ client, retentionMs: 1 });
});
