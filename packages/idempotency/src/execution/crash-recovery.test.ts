import { describe, expect, test } from 'bun:test';
import { getToolRevision } from '@armorer/core';
import {
  chargeCall,
  createClock,
  createWorker,
  deferred,
  requestContext,
  TENANT,
} from '../__fixtures__/harness';
import type { ToolResultCacheEntry } from '../cache/types';
import type { LegacyResolutionReceipt, ResolutionReceipt } from '../receipts/types';

const LEASE_MS = 1_000;
const SIGNATURE = 'signed-by-operator';
const verify = (receipt: { signature?: string }) => receipt.signature === SIGNATURE;

/** Worker 1 starts a charge and hangs (its process dies); a restarted worker sees a copy of the store. */
async function crashMidCall() {
  const clock = createClock();
  const store = new Map<string, ToolResultCacheEntry>();
  const hang = deferred();
  const crashed = createWorker(store, { gate: hang.promise, now: clock.now, leaseMs: LEASE_MS });
  const running = crashed.idempotent.execute(chargeCall(), { requestContext });
  await Promise.resolve();
  expect(store.size).toBe(1);
  clock.advance(LEASE_MS + 1);
  const restartedStore = new Map(store);
  const restarted = createWorker(restartedStore, {
    now: clock.now,
    leaseMs: LEASE_MS,
    verifyResolutionReceipt: verify,
    verifyLegacyResolutionReceipt: verify,
  });
  return { clock, store, hang, crashed, running, restartedStore, restarted };
}

function receiptFor(result: { idempotency?: { key: string; attemptId?: string; toolRevision: string } }) {
  const info = result.idempotency;
  if (info?.attemptId === undefined) throw new Error('expected an unknown fenced attempt');
  const receipt: ResolutionReceipt = {
    version: 1,
    key: info.key,
    attemptId: info.attemptId,
    tenantId: TENANT,
    toolRevision: info.toolRevision,
    decision: 'retry',
    evidence: 'The provider shows no charge for order-1.',
    authorizedAt: 1,
    authorizedBy: 'operator-1',
    nonce: 'nonce-1',
    signature: SIGNATURE,
  };
  return receipt;
}

describe('a worker that crashes between start and completion', () => {
  test('the restarted worker answers unknown-outcome and never silently re-runs', async () => {
    const { restarted } = await crashMidCall();
    const first = await restarted.idempotent.execute(chargeCall(), { requestContext });
    const again = await restarted.idempotent.execute(chargeCall(), { requestContext });
    for (const result of [first, again]) {
      expect(result.outcome).toBe('error');
      expect(result.error?.code).toBe('IDEMPOTENCY_UNKNOWN_OUTCOME');
      expect(result.error?.retryable).toBe(false);
      expect(result.idempotency?.outcome).toBe('unknown-outcome');
      expect(result.idempotency?.attemptId).toStartWith('attempt_');
    }
    expect(restarted.effects).toHaveLength(0);
  });

  test('a verified receipt for that exact attempt re-runs it once', async () => {
    const { restarted } = await crashMidCall();
    const unknown = await restarted.idempotent.execute(chargeCall(), { requestContext });
    const receipt = receiptFor(unknown);
    const resolved = await restarted.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: receipt,
    });
    expect(resolved.idempotency?.outcome).toBe('fresh');
    expect(resolved.idempotency?.attemptId).not.toBe(receipt.attemptId);
    expect(restarted.effects).toHaveLength(1);
    const replayed = await restarted.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: receipt,
    });
    expect(replayed.idempotency?.outcome).toBe('deduped');
    const plain = await restarted.idempotent.execute(chargeCall(), { requestContext });
    expect(plain.idempotency?.outcome).toBe('deduped');
    expect(restarted.effects).toHaveLength(1);
  });

  test('receipts for another key, tenant, revision or attempt, or unverified, are refused', async () => {
    const { restarted } = await crashMidCall();
    const unknown = await restarted.idempotent.execute(chargeCall(), { requestContext });
    const good = receiptFor(unknown);
    const bad: ResolutionReceipt[] = [
      { ...good, key: `${good.key}x` },
      { ...good, tenantId: 'tenant-b' },
      { ...good, toolRevision: 'tooldef_other' },
      { ...good, attemptId: 'attempt_other' },
      { ...good, signature: 'forged' },
      { ...good, decision: 'abandon' as 'retry' },
      { ...good, version: 2 as 1 },
    ];
    for (const receipt of bad) {
      const result = await restarted.idempotent.execute(chargeCall(), {
        requestContext,
        resolutionReceipt: receipt,
      });
      expect(result.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    }
    const crossTenant = await restarted.idempotent.execute(chargeCall(), {
      requestContext: { authority: { tenantId: 'tenant-b' } },
      resolutionReceipt: good,
    });
    expect(crossTenant.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
    const otherOrder = await restarted.idempotent.execute(chargeCall('order-2'), {
      requestContext,
      resolutionReceipt: good,
    });
    expect(otherOrder.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    expect(restarted.effects).toHaveLength(0);
    const resolved = await restarted.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: good,
    });
    expect(resolved.idempotency?.outcome).toBe('fresh');
  });

  test('a receipt is refused while the attempt it names still holds a live lease', async () => {
    const clock = createClock();
    const store = new Map<string, ToolResultCacheEntry>();
    const hang = deferred();
    const worker = createWorker(store, {
      gate: hang.promise,
      now: clock.now,
      leaseMs: LEASE_MS,
      verifyResolutionReceipt: verify,
    });
    void worker.idempotent.execute(chargeCall(), { requestContext });
    await Promise.resolve();
    const unknown = await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(unknown.error?.message).toContain('already running');
    const refused = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: receiptFor(unknown),
    });
    expect(refused.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    expect(refused.error?.message).toContain('still running');
    hang.resolve();
  });

  test('a late completion (and cleanup) of the fenced-out attempt is ignored', async () => {
    const clock = createClock();
    const store = new Map<string, ToolResultCacheEntry>();
    const hang = deferred();
    const slow = createWorker(store, {
      gate: hang.promise,
      now: clock.now,
      leaseMs: LEASE_MS,
      maxLeaseMs: LEASE_MS,
    });
    const late = slow.idempotent.execute(chargeCall(), { requestContext });
    await Promise.resolve();
    clock.advance(LEASE_MS + 1);
    const other = createWorker(store, { now: clock.now, leaseMs: LEASE_MS, verifyResolutionReceipt: verify });
    const unknown = await other.idempotent.execute(chargeCall(), { requestContext });
    const resolved = await other.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: receiptFor(unknown),
    });
    expect(resolved.idempotency?.outcome).toBe('fresh');
    hang.resolve();
    const lateResult = await late;
    // The slow worker's tool did run, so its own caller learns its result ...
    expect(lateResult.outcome).toBe('success');
    // ... but the store keeps the result of the attempt that holds the key.
    const recorded = store.get(resolved.idempotency?.key as string);
    expect(recorded).toMatchObject({ state: 'completed', attemptId: resolved.idempotency?.attemptId });
    const after = await other.idempotent.execute(chargeCall(), { requestContext });
    expect(after.result).toEqual(resolved.result);
    expect(
      await other.cache.deleteStarted(
        resolved.idempotency?.key as string,
        unknown.idempotency?.attemptId as string,
      ),
    ).toBe(false);
  });

  test('legacy markers surface legacyStartedAt and resolve only with a legacy receipt', async () => {
    const clock = createClock();
    const store = new Map<string, ToolResultCacheEntry>();
    const worker = createWorker(store, {
      now: clock.now,
      verifyResolutionReceipt: verify,
      verifyLegacyResolutionReceipt: verify,
    });
    const probe = await worker.idempotent.execute(chargeCall('probe'), { requestContext });
    const key = String(probe.idempotency?.key).replace('probe', 'order-1');
    store.set(key, { state: 'started', startedAt: 12_345 });
    const unknown = await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(unknown.idempotency).toMatchObject({ outcome: 'unknown-outcome', key, legacyStartedAt: 12_345 });
    expect(unknown.idempotency?.attemptId).toBeUndefined();
    const legacy: LegacyResolutionReceipt = {
      version: 1,
      key,
      tenantId: TENANT,
      toolRevision: getToolRevision(worker.tool),
      toolName: 'charge-card',
      legacyStartedAt: 12_345,
      decision: 'retry',
      authorizedAt: 1,
      authorizedBy: 'operator-1',
      nonce: 'n',
      signature: SIGNATURE,
    };
    const fenced = { ...legacy, attemptId: 'anything' } as unknown as ResolutionReceipt;
    const wrongTool = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      legacyResolutionReceipt: { ...legacy, toolName: 'other' },
    });
    const stale = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      legacyResolutionReceipt: { ...legacy, legacyStartedAt: 1 },
    });
    const notLegacy = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: fenced,
    });
    for (const result of [wrongTool, stale, notLegacy])
      expect(result.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    const migrated = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      legacyResolutionReceipt: legacy,
    });
    expect(migrated.idempotency?.outcome).toBe('fresh');
    expect(worker.effects.map((effect) => effect.orderId)).toEqual(['probe', 'order-1']);
    const replay = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      legacyResolutionReceipt: legacy,
    });
    expect(replay.idempotency?.outcome).toBe('deduped');
    // A legacy receipt never replaces a fenced attempt.
    const hang = deferred();
    const blocked = createWorker(store, {
      gate: hang.promise,
      now: clock.now,
      verifyLegacyResolutionReceipt: verify,
    });
    void blocked.idempotent.execute(chargeCall('order-9'), { requestContext });
    await Promise.resolve();
    const nine = key.replace('order-1', 'order-9');
    clock.advance(60_000);
    const refused = await blocked.idempotent.execute(chargeCall('order-9'), {
      requestContext,
      legacyResolutionReceipt: { ...legacy, key: nine, toolRevision: getToolRevision(blocked.tool) },
    });
    expect(refused.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    hang.resolve();
  });

  test('without a verifier every receipt is refused; a throwing or async verifier is honoured', async () => {
    const { restarted, restartedStore, clock } = await crashMidCall();
    const unknown = await restarted.idempotent.execute(chargeCall(), { requestContext });
    const receipt = receiptFor(unknown);
    const none = createWorker(restartedStore, { now: clock.now });
    expect(
      (await none.idempotent.execute(chargeCall(), { requestContext, resolutionReceipt: receipt })).error
        ?.code,
    ).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    const throwing = createWorker(restartedStore, {
      now: clock.now,
      verifyResolutionReceipt: () => {
        throw new Error('key server down');
      },
    });
    expect(
      (await throwing.idempotent.execute(chargeCall(), { requestContext, resolutionReceipt: receipt })).error
        ?.code,
    ).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    const asyncVerifier = createWorker(restartedStore, {
      now: clock.now,
      verifyResolutionReceipt: async () => true,
    });
    const resolved = await asyncVerifier.idempotent.execute(chargeCall(), {
      requestContext,
      resolutionReceipt: receipt,
    });
    expect(resolved.idempotency?.outcome).toBe('fresh');
    expect(none.effects.length + throwing.effects.length + asyncVerifier.effects.length).toBe(1);
  });
});
