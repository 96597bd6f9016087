import { describe, expect, test } from 'bun:test';
import { createToolbox, StoreError, type StoreErrorCode } from '@armorer/core';
import { chargeCall, createChargeCard, requestContext, TENANT } from '../__fixtures__/harness';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import type { ToolResultCache } from '../cache/types';
import { withToolboxIdempotency } from './with-toolbox-idempotency';

const CODES: readonly StoreErrorCode[] = [
  'unavailable',
  'timeout',
  'busy',
  'closed',
  'misconfigured',
  'command-failed',
  'corrupt-record',
  'incompatible-schema',
];

/** A cache whose every method fails with `error`, synchronously or as a rejection. */
function failingCache(error: unknown, rejects: boolean): ToolResultCache {
  const real = createToolResultCache({ store: new Map() });
  const fail = (() => {
    if (rejects) return Promise.reject(error);
    throw error;
  }) as never;
  return {
    specificationVersion: 'v1',
    get: fail,
    claimStarted: fail,
    renewStarted: (key, attemptId, at) => real.renewStarted(key, attemptId, at),
    completeStarted: (key, attemptId, entry) => real.completeStarted(key, attemptId, entry),
    deleteStarted: (key, attemptId) => real.deleteStarted(key, attemptId),
    replaceUnknownStarted: (key, attemptId, entry, now) =>
      real.replaceUnknownStarted(key, attemptId, entry, now),
    replaceLegacyStarted: (key, at, entry) => real.replaceLegacyStarted(key, at, entry),
  };
}

describe('IDEMPOTENCY_STORE_FAILED says whether a retry can help', () => {
  test('for every store error code, thrown or rejected: retryable and retryAfterMs as the store says', async () => {
    for (const code of CODES) {
      for (const rejects of [false, true]) {
        const cause = new StoreError({ code, message: `store ${code}` });
        const charge = createChargeCard();
        const idempotent = withToolboxIdempotency(createToolbox([charge.tool]), {
          cache: failingCache(cause, rejects),
          tenantId: TENANT,
        });
        const result = await idempotent.execute(chargeCall(), { requestContext });
        expect(result.error).toMatchObject({ code: 'IDEMPOTENCY_STORE_FAILED', retryable: cause.retryable });
        expect(result.error?.details?.retryAfterMs).toBe(cause.retryAfterMs);
        expect(result.error?.cause).toBe(cause);
        if (cause.retryable) expect(result.error?.message).toContain('Retry later');
        else {
          expect(result.error?.message).toContain(`(${code})`);
          expect(result.error?.message).not.toContain('Retry later');
        }
        expect(charge.effects).toHaveLength(0);
      }
    }
  });

  test('a failure that is not a StoreError (a store of your own) stays retryable', async () => {
    const charge = createChargeCard();
    const idempotent = withToolboxIdempotency(createToolbox([charge.tool]), {
      cache: failingCache(new Error('socket hang up'), true),
      tenantId: TENANT,
    });
    const result = await idempotent.execute(chargeCall(), { requestContext });
    expect(result.error).toMatchObject({ code: 'IDEMPOTENCY_STORE_FAILED', retryable: true });
    expect(result.error?.message).toContain('Retry later');
  });
});
