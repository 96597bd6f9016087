import { expectTypeOf, test } from 'bun:test';
import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import type { ToolResultCache } from '@armorer/idempotency';
import type { Client, Pool, PoolClient } from 'pg';
import type { createPostgresStores } from '../create-postgres-stores';
import type { PostgresQueryable } from './postgres-client';

test('a pg Pool, Client or PoolClient is a PostgresQueryable as it is', () => {
  expectTypeOf<Pool>().toExtend<PostgresQueryable>();
  expectTypeOf<Client>().toExtend<PostgresQueryable>();
  expectTypeOf<PoolClient>().toExtend<PostgresQueryable>();
  expectTypeOf<{ query: (text: number) => void }>().not.toExtend<PostgresQueryable>();
});

test('createPostgresStores returns the three store contracts', () => {
  type Stores = ReturnType<typeof createPostgresStores>;
  expectTypeOf<Stores['approvalStateStore']>().toEqualTypeOf<ApprovalStateStore>();
  expectTypeOf<Stores['grantStateStore']>().toEqualTypeOf<GrantStateStore>();
  expectTypeOf<Stores['toolResultCache']>().toEqualTypeOf<ToolResultCache>();
});
