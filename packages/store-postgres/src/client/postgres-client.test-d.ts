import { expectTypeOf, test } from 'bun:test';
import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import { createToolbox } from '@armorer/core';
import { type ToolResultCache, withToolboxIdempotency } from '@armorer/idempotency';
import type { Client, Pool, PoolClient } from 'pg';
import { createPostgresStores, type PostgresStores } from '../create-postgres-stores';
import type { PostgresQueryable } from './postgres-client';

test('a pg Pool, Client or PoolClient is a PostgresQueryable as it is', () => {
  expectTypeOf<Pool>().toExtend<PostgresQueryable>();
  expectTypeOf<Client>().toExtend<PostgresQueryable>();
  expectTypeOf<PoolClient>().toExtend<PostgresQueryable>();
  expectTypeOf<{ query: (text: number) => void }>().not.toExtend<PostgresQueryable>();
});

test('createPostgresStores returns the stores under the names of the options they plug into', () => {
  expectTypeOf<PostgresStores['approvalStateStore']>().toEqualTypeOf<ApprovalStateStore>();
  expectTypeOf<PostgresStores['grantStateStore']>().toEqualTypeOf<GrantStateStore>();
  expectTypeOf<PostgresStores['cache']>().toEqualTypeOf<ToolResultCache>();
  expectTypeOf<PostgresStores['ready']>().toEqualTypeOf<() => Promise<void>>();
});

test('the stores spread into createToolbox and withToolboxIdempotency', () => {
  const stores = {} as PostgresStores;
  const toolbox = createToolbox([], { ...stores, approvalSecret: 'a-secret-of-at-least-32-bytes-of-text' });
  withToolboxIdempotency(toolbox, { ...stores, tenantId: 'tenant-1' });
});

test('the pool goes in an options object; old option names are type errors', () => {
  const client = {} as Pool;
  createPostgresStores({ client, prefix: 'billing_', operationTimeoutMs: 2000 });
  // @ts-expect-error the pool goes in an options object: createPostgresStores({ client })
  createPostgresStores(client);
  // @ts-expect-error tablePrefix is now prefix
  createPostgresStores({ client, tablePrefix: 'x_' });
});
