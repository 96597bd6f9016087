import { describe, expect, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import {
  chargeCall,
  createChargeCard,
  createClock,
  createWorker,
  deferred,
  requestContext,
  TENANT,
} from './__fixtures__/harness';
import { createToolResultCache } from './cache/create-tool-result-cache';
import type { ToolResultCache, ToolResultCacheEntry } from './cache/types';
import { withToolboxIdempotency } from './execution/with-toolbox-idempotency';
import type { ResolutionReceipt } from './receipts/types';

const LEASE_MS = 1_000;

/** A host-written cache over a real one, with some methods answering what a buggy driver might. */
function hostileCache(store: Map<string, ToolResultCacheEntry>, overrides: Partial<ToolResultCache>) {
  const real = createToolResultCache({ store });
  const cache: ToolResultCache = {
    specificationVersion: 'v1',
    get: (key) => real.get(key),
    claimStarted: (key, entry) => real.claimStarted(key, entry),
    renewStarted: (key, attemptId, at) => real.renewStarted(key, attemptId, at),
    completeStarted: (key, attemptId, entry) => real.completeStarted(key, attemptId, entry),
    deleteStarted: (key, attemptId) => real.deleteStarted(key, attemptId),
    replaceUnknownStarted: (key, attemptId, entry, now) =>
      real.replaceUnknownStarted(key, attemptId, entry, now),
    replaceLegacyStarted: (key, at, entry) => real.replaceLegacyStarted(key, at, entry),
    ...overrides,
  };
  return cache;
}

function workerOver(cache: ToolResultCache, now?: () => number) {
  const charge = createChargeCard();
  const idempotent = withToolboxIdempotency(createToolbox([charge.tool]), {
    cache,
    tenantId: TENANT,
    leaseMs: LEASE_MS,
    verifyResolutionReceipt: () => true,
    ...(now === undefined ? {} : { now }),
  });
  return { ...charge, idempotent };
}

/** A store holding an attempt of order-1 that died mid-call (its lease expired). */
async function storeWithUnknownAttempt() {
  const clock = createClock();
  const store = new Map<string, ToolResultCacheEntry>();
  const crashed = createWorker(store, { gate: deferred().promise, now: clock.now, leaseMs: LEASE_MS });
  const running = crashed.idempotent.execute(chargeCall(), { requestContext });
  void running;
  await Promise.resolve();
  clock.advance(LEASE_MS + 1);
  return { clock, store };
}

describe('red team: a cache that answers malformed values fails closed', () => {
  test('a claim answer other than { claimed: true } never runs the tool', async () => {
    const answers: unknown[] = [
      { claimed: 'false' },
      { claimed: 1 },
      { claimed: false },
      { claimed: false, entry: null },
      true,
      null,
      'claimed',
    ];
    for (const answer of answers) {
      const { clock, store } = await storeWithUnknownAttempt();
      const worker = workerOver(hostileCache(store, { claimStarted: () => answer as never }), clock.now);
      // The hostile cache answers "absent" on read, so the call goes on to claim.
      const cache = hostileCache(store, { get: () => undefined, claimStarted: () => answer as never });
      const direct = workerOver(cache, clock.now);
      for (const { idempotent, effects } of [worker, direct]) {
        const result = await idempotent.execute(chargeCall(), { requestContext });
        expect(result.outcome).not.toBe('success');
        expect(effects).toHaveLength(0);
      }
    }
  });

  test('a replacement answer other than true never runs the tool', async () => {
    for (const answer of ['false', 1, {}, [], Promise.resolve('true'), null]) {
      const { clock, store } = await storeWithUnknownAttempt();
      const cache = hostileCache(store, { replaceUnknownStarted: () => answer as never });
      const worker = workerOver(cache, clock.now);
      const unknown = await worker.idempotent.execute(chargeCall(), { requestContext });
      const info = unknown.idempotency;
      if (info?.attemptId === undefined) throw new Error('expected an unknown attempt');
      const receipt: ResolutionReceipt = {
        version: 1,
        key: info.key,
        attemptId: info.attemptId,
        tenantId: TENANT,
        toolRevision: info.toolRevision,
        decision: 'retry',
        authorizedAt: 1,
        authorizedBy: 'operator-1',
        nonce: 'n',
      };
      const result = await worker.idempotent.execute(chargeCall(), {
        requestContext,
        resolutionReceipt: receipt,
      });
      expect(result.outcome).not.toBe('success');
      expect(worker.effects).toHaveLength(0);
    }
  });

  test('a read answering a non-entry (null, a number, a string) never runs the tool', async () => {
    for (const entry of [null, 0, 'completed', { state: 'mystery' }, { state: 'completed' }]) {
      const { clock, store } = await storeWithUnknownAttempt();
      const cache = hostileCache(store, { get: () => entry as never });
      const worker = workerOver(cache, clock.now);
      const result = await worker.idempotent.execute(chargeCall(), { requestContext });
      expect(result.outcome).not.toBe('success');
      if (typeof entry !== 'object' || entry === null) {
        expect(result.error?.code).toBe('IDEMPOTENCY_STORE_FAILED');
      }
      expect(worker.effects).toHaveLength(0);
    }
  });

  test('a store whose every method throws, rejects or hangs: no run, no write to other keys', async () => {
    const behaviours: (() => never)[] = [
      () => {
        throw new Error('down');
      },
      () => Promise.reject(new Error('down')) as never,
    ];
    for (const fail of behaviours) {
      const store = new Map<string, ToolResultCacheEntry>();
      const cache = hostileCache(store, { get: fail, claimStarted: fail });
      const worker = workerOver(cache);
      const result = await worker.idempotent.execute(chargeCall(), { requestContext });
      expect(result.error?.code).toBe('IDEMPOTENCY_STORE_FAILED');
      expect(worker.effects).toHaveLength(0);
      expect(store.size).toBe(0);
    }
    const hanging = workerOver(hostileCache(new Map(), { get: () => new Promise<never>(() => {}) }));
    const pending = hanging.idempotent.execute(chargeCall(), { requestContext, timeout: 20 });
    const settled = await pending;
    expect(settled.outcome).not.toBe('success');
    expect(hanging.effects).toHaveLength(0);
  });
});
