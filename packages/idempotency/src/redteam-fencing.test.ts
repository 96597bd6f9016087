import { describe, expect, test } from 'bun:test';
import {
  chargeCall,
  createClock,
  createWorker,
  deferred,
  requestContext,
  TENANT,
} from './__fixtures__/harness';
import type { ToolResultCacheEntry } from './cache/types';
import type { ResolutionReceipt } from './receipts/types';

const LEASE_MS = 1_000;

function receiptFor(
  info: { key: string; attemptId?: string; toolRevision: string } | undefined,
): ResolutionReceipt {
  if (info?.attemptId === undefined) throw new Error('expected an unknown fenced attempt');
  return {
    version: 1,
    key: info.key,
    attemptId: info.attemptId,
    tenantId: TENANT,
    toolRevision: info.toolRevision,
    decision: 'retry',
    authorizedAt: 1,
    authorizedBy: 'operator-1',
    nonce: 'nonce-1',
  };
}

describe('red team: fencing with host-made attempt ids', () => {
  test("a createAttemptId that repeats itself is refused by the receipt it would replace (its stale twin would free the retry's key)", async () => {
    const clock = createClock();
    const store = new Map<string, ToolResultCacheEntry>();
    const stale = deferred();
    // Every worker mints the same id (say, derived from the workflow's activity id).
    const options = { now: clock.now, leaseMs: LEASE_MS, createAttemptId: () => 'activity-7' };
    const slow = createWorker(store, { ...options, gate: stale.promise });
    const first = slow.idempotent.execute(chargeCall(), { requestContext });
    await Promise.resolve();
    clock.advance(LEASE_MS + 1);
    const retryGate = deferred();
    const operator = createWorker(store, {
      ...options,
      gate: retryGate.promise,
      verifyResolutionReceipt: () => true,
    });
    const unknown = await operator.idempotent.execute(chargeCall(), { requestContext });
    const resolved = operator.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: receiptFor(unknown.idempotency),
    });
    await new Promise((resolve) => setTimeout(resolve, 1));
    // The stale first attempt now fails: its cleanup must not delete the retry's marker.
    stale.reject(new Error('provider timeout'));
    await first;
    const plain = createWorker(store, options);
    const third = await plain.idempotent.execute(chargeCall(), { requestContext });
    retryGate.resolve();
    expect((await resolved).error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    expect(third.outcome).toBe('success');
    expect(slow.effects.length + operator.effects.length + plain.effects.length).toBeLessThanOrEqual(1);
  });

  test('a createAttemptId that returns no string never runs the tool', async () => {
    for (const id of ['', 7, undefined, null]) {
      const worker = createWorker(new Map(), { createAttemptId: () => id as string });
      const result = await worker.idempotent.execute(chargeCall(), { requestContext });
      expect(result.outcome).not.toBe('success');
      expect(worker.effects).toHaveLength(0);
    }
  });
});
