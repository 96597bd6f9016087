import { expectTypeOf, test } from 'bun:test';
import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import type { ToolResultCache } from '@armorer/idempotency';
import type { Cluster, Redis } from 'ioredis';
import type { createRedisStores } from '../create-redis-stores';
import type { RedisScriptClient } from './redis-client';

test('an ioredis client or cluster is a RedisScriptClient as it is', () => {
  expectTypeOf<Redis>().toExtend<RedisScriptClient>();
  expectTypeOf<Cluster>().toExtend<RedisScriptClient>();
  expectTypeOf<{ evalsha: () => void }>().not.toExtend<RedisScriptClient>();
});

test('createRedisStores returns the three store contracts', () => {
  type Stores = ReturnType<typeof createRedisStores>;
  expectTypeOf<Stores['approvalStateStore']>().toEqualTypeOf<ApprovalStateStore>();
  expectTypeOf<Stores['grantStateStore']>().toEqualTypeOf<GrantStateStore>();
  expectTypeOf<Stores['toolResultCache']>().toEqualTypeOf<ToolResultCache>();
});
