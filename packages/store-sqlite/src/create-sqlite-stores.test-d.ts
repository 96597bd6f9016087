import { expectTypeOf, test } from 'bun:test';
import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import { createToolbox } from '@armorer/core';
import {
  type ClaimResult,
  type ToolResultCache,
  type ToolResultCacheEntry,
  withToolboxIdempotency,
} from '@armorer/idempotency';
import { createSqliteStores, type SqliteStores, StoreError, type StoreErrorCode } from './index';

test('the stores fit the contracts under the names of the options they plug into', () => {
  const stores = createSqliteStores({ path: ':memory:' });
  expectTypeOf(stores).toEqualTypeOf<SqliteStores>();
  expectTypeOf(stores.approvalStateStore).toExtend<ApprovalStateStore>();
  expectTypeOf(stores.grantStateStore).toExtend<GrantStateStore>();
  expectTypeOf(stores.cache).toExtend<ToolResultCache>();
  // The result cache answers synchronously.
  expectTypeOf(stores.cache.get('k')).toEqualTypeOf<ToolResultCacheEntry | undefined>();
  expectTypeOf(stores.cache.claimStarted).returns.toEqualTypeOf<ClaimResult>();
  expectTypeOf(stores.close).toEqualTypeOf<() => void>();
  expectTypeOf(stores.ready).toEqualTypeOf<() => Promise<void>>();
});

test('the stores spread into createToolbox and withToolboxIdempotency', () => {
  const stores = createSqliteStores({ path: ':memory:' });
  const toolbox = createToolbox([], { ...stores, approvalSecret: 'a-secret-of-at-least-32-bytes-of-text' });
  withToolboxIdempotency(toolbox, { ...stores, tenantId: 'tenant-1' });
});

test('options: a path is required, flat names, no old ones', () => {
  createSqliteStores({
    path: ':memory:',
    prefix: 'billing_',
    reservationLeaseMs: 1000,
    operationTimeoutMs: 500,
  });
  // @ts-expect-error a path is required
  createSqliteStores({});
  // @ts-expect-error the path goes in an options object: createSqliteStores({ path })
  createSqliteStores('./armorer.db');
  // @ts-expect-error synchronous is 'full' or 'normal'
  createSqliteStores({ path: ':memory:', synchronous: 'off' });
  // @ts-expect-error busyTimeoutMs is now operationTimeoutMs
  createSqliteStores({ path: ':memory:', busyTimeoutMs: 5 });
  // @ts-expect-error options are flat now
  createSqliteStores({ path: ':memory:', approvals: { reservationLeaseMs: 5 } });
});

test('store errors carry a closed set of codes', () => {
  const error = new StoreError({ code: 'busy', message: 'locked' });
  expectTypeOf(error.code).toEqualTypeOf<StoreErrorCode>();
  expectTypeOf(error.retryable).toEqualTypeOf<boolean>();
  expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
  // @ts-expect-error not a store error code
  new StoreError({ code: 'nope', message: 'x' });
});
