import { expectTypeOf, test } from 'bun:test';
import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import type { ClaimResult, ToolResultCache, ToolResultCacheEntry } from '@armorer/idempotency';
import { openSqliteStores, openSqliteToolResultCache, StoreError, type StoreErrorCode } from './index';

test('the stores fit the contracts, and the result cache answers synchronously', async () => {
  const stores = await openSqliteStores({ path: ':memory:' });
  expectTypeOf(stores.approvals).toExtend<ApprovalStateStore>();
  expectTypeOf(stores.grants).toExtend<GrantStateStore>();
  expectTypeOf(stores.results).toExtend<ToolResultCache>();
  expectTypeOf(stores.results.get('k')).toEqualTypeOf<ToolResultCacheEntry | undefined>();
  expectTypeOf(stores.results.claimStarted).returns.toEqualTypeOf<ClaimResult>();
  const cache = await openSqliteToolResultCache({ path: ':memory:', retainResultsMs: 1000 });
  expectTypeOf(cache.close).toEqualTypeOf<() => void>();
  // @ts-expect-error a path is required
  await openSqliteStores({});
  // @ts-expect-error synchronous is 'full' or 'normal'
  await openSqliteStores({ path: ':memory:', synchronous: 'off' });
});

test('store errors carry a closed set of codes', () => {
  const error = new StoreError({ code: 'busy', message: 'locked' });
  expectTypeOf(error.code).toEqualTypeOf<StoreErrorCode>();
  expectTypeOf(error.retryable).toEqualTypeOf<boolean>();
  // @ts-expect-error not a store error code
  new StoreError({ code: 'nope', message: 'x' });
});
