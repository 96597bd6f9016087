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

/** The host's signature: a digest of the fields a receipt binds (a stand-in for an HMAC). */
function sign(receipt: Omit<ResolutionReceipt, 'signature'>): string {
  return `sig:${receipt.key}|${receipt.attemptId}|${receipt.tenantId}|${receipt.toolRevision}|${receipt.nonce}`;
}

function verifySignature(receipt: ResolutionReceipt): boolean {
  return receipt.signature === sign(receipt);
}

/** Leaves an unknown fenced attempt under `orderId` (its worker died mid-call), as a restarted worker sees it. */
async function unknownAttempts(
  orderIds: readonly string[],
  verifyResolutionReceipt: (receipt: ResolutionReceipt) => boolean | Promise<boolean> = verifySignature,
) {
  const clock = createClock();
  const store = new Map<string, ToolResultCacheEntry>();
  const crashed = createWorker(store, { gate: deferred().promise, now: clock.now, leaseMs: LEASE_MS });
  for (const orderId of orderIds) void crashed.idempotent.execute(chargeCall(orderId), { requestContext });
  await Promise.resolve();
  clock.advance(LEASE_MS + 1);
  const worker = createWorker(store, { now: clock.now, leaseMs: LEASE_MS, verifyResolutionReceipt });
  const unknown = new Map<string, { key: string; attemptId: string; toolRevision: string }>();
  for (const orderId of orderIds) {
    const result = await worker.idempotent.execute(chargeCall(orderId), { requestContext });
    const info = result.idempotency;
    if (info?.outcome !== 'unknown-outcome' || info.attemptId === undefined)
      throw new Error('expected unknown');
    unknown.set(orderId, { key: info.key, attemptId: info.attemptId, toolRevision: info.toolRevision });
  }
  return { worker, unknown };
}

function signedReceipt(info: { key: string; attemptId: string; toolRevision: string }): ResolutionReceipt {
  const body = {
    version: 1 as const,
    key: info.key,
    attemptId: info.attemptId,
    tenantId: TENANT,
    toolRevision: info.toolRevision,
    decision: 'retry' as const,
    authorizedAt: 1,
    authorizedBy: 'operator-1',
    nonce: 'nonce-1',
  };
  return { ...body, signature: sign(body) };
}

/** A receipt whose fields answer differently on each read: the i-th read of a field returns values[i]. */
function shifting(base: ResolutionReceipt, fields: Partial<Record<keyof ResolutionReceipt, unknown[]>>) {
  const receipt: Record<string, unknown> = { ...base };
  for (const [name, values] of Object.entries(fields)) {
    let reads = 0;
    Object.defineProperty(receipt, name, {
      enumerable: true,
      get: () => values[Math.min(reads++, values.length - 1)],
    });
  }
  return receipt as unknown as ResolutionReceipt;
}

describe('red team: resolution receipts', () => {
  test('a receipt whose getters show the verifier another signed receipt never re-runs the call', async () => {
    const { worker, unknown } = await unknownAttempts(['order-1', 'order-2']);
    const target = unknown.get('order-1');
    const signedElsewhere = signedReceipt(unknown.get('order-2') as NonNullable<typeof target>);
    if (target === undefined) throw new Error('unreachable');
    // First read (the binding check) matches order-1; the verifier then reads order-2's signed fields;
    // the replacement reads order-1's unknown attempt again.
    const forged = shifting(signedElsewhere, {
      key: [target.key, signedElsewhere.key, target.key],
      attemptId: [target.attemptId, signedElsewhere.attemptId, target.attemptId],
    });
    const result = await worker.idempotent.execute(chargeCall('order-1'), {
      requestContext,
      resolutionReceipt: forged,
    });
    expect(result.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    expect(worker.effects).toHaveLength(0);
  });

  test('a consumed receipt, changed while its verifier awaits, never resolves the next unknown attempt', async () => {
    const clock = createClock();
    const store = new Map<string, ToolResultCacheEntry>();
    const hang = { gate: deferred().promise, now: clock.now, leaseMs: LEASE_MS };
    const crashed = createWorker(store, hang);
    void crashed.idempotent.execute(chargeCall(), { requestContext });
    await Promise.resolve();
    clock.advance(LEASE_MS + 1);
    // The verifier checks the signature at once, then awaits a revocation lookup.
    let lookup = Promise.resolve();
    const verifyResolutionReceipt = (receipt: ResolutionReceipt) => {
      const valid = verifySignature(receipt);
      return lookup.then(() => valid);
    };
    // The operator's receipt resolves attempt 1; its retry (attempt 2) dies mid-call as well.
    const retrying = createWorker(store, { ...hang, verifyResolutionReceipt });
    const first = await retrying.idempotent.execute(chargeCall(), { requestContext });
    const receipt = {
      ...signedReceipt(first.idempotency as { key: string; attemptId: string; toolRevision: string }),
    };
    void retrying.idempotent.execute(chargeCall(), { requestContext, resolutionReceipt: receipt });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(retrying.effects).toHaveLength(0);
    clock.advance(LEASE_MS + 1);
    const worker = createWorker(store, { now: clock.now, leaseMs: LEASE_MS, verifyResolutionReceipt });
    const second = await worker.idempotent.execute(chargeCall(), { requestContext });
    const secondAttempt = second.idempotency?.attemptId;
    expect(second.idempotency?.outcome).toBe('unknown-outcome');
    expect(secondAttempt).not.toBe(receipt.attemptId);
    // Replay the consumed receipt, and point it at attempt 2 once the verifier has read it.
    const slow = deferred();
    lookup = slow.promise;
    const replay = worker.idempotent.execute(chargeCall(), { requestContext, resolutionReceipt: receipt });
    await Promise.resolve();
    (receipt as { attemptId: string }).attemptId = secondAttempt as string;
    slow.resolve();
    const result = await replay;
    expect(result.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
    expect(worker.effects).toHaveLength(0);
  });

  test('one receipt used by concurrent retries re-runs the call exactly once', async () => {
    const release = deferred();
    const { worker, unknown } = await unknownAttempts(['order-1'], async (receipt) => {
      await release.promise;
      return verifySignature(receipt);
    });
    const receipt = signedReceipt(
      unknown.get('order-1') as { key: string; attemptId: string; toolRevision: string },
    );
    const calls = Array.from({ length: 8 }, (_, index) =>
      worker.idempotent.execute(chargeCall('order-1', `call-${index}`), {
        requestContext,
        resolutionReceipt: receipt,
      }),
    );
    await Promise.resolve();
    release.resolve();
    const results = await Promise.all(calls);
    expect(results.filter((result) => result.idempotency?.outcome === 'fresh')).toHaveLength(1);
    expect(worker.effects).toHaveLength(1);
    for (const result of results) {
      if (result.idempotency?.outcome !== 'fresh') {
        expect(result.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
      }
    }
  });

  test('verdicts other than true (truthy values, thenables of them, a throwing then) are refusals', async () => {
    const verdicts: unknown[] = [
      1,
      'true',
      {},
      [],
      Promise.resolve('true'),
      // biome-ignore lint/suspicious/noThenProperty: a hostile thenable verdict is the attack
      { then: (resolve: (value: unknown) => void) => resolve(1) },
      {
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable verdict is the attack
        get then() {
          throw new Error('hostile then');
        },
      },
      Promise.reject(new Error('verifier down')),
    ];
    for (const verdict of verdicts) {
      const { worker, unknown } = await unknownAttempts(['order-1'], () => verdict as boolean);
      const receipt = signedReceipt(
        unknown.get('order-1') as { key: string; attemptId: string; toolRevision: string },
      );
      const result = await worker.idempotent.execute(chargeCall('order-1'), {
        requestContext,
        resolutionReceipt: receipt,
      });
      expect(result.error?.code).toBe('IDEMPOTENCY_RECEIPT_REJECTED');
      expect(worker.effects).toHaveLength(0);
    }
  });

  test('a receipt whose fields throw is refused without running; a Proxy runs at most once', async () => {
    const { worker, unknown } = await unknownAttempts(['order-1']);
    const good = signedReceipt(
      unknown.get('order-1') as { key: string; attemptId: string; toolRevision: string },
    );
    const throwing = Object.defineProperty({ ...good }, 'attemptId', {
      enumerable: true,
      get: () => {
        throw new Error('hostile getter');
      },
    });
    const refused = await worker.idempotent.execute(chargeCall('order-1'), {
      requestContext,
      resolutionReceipt: throwing,
    });
    expect(refused.outcome).not.toBe('success');
    expect(worker.effects).toHaveLength(0);
    const proxy = new Proxy(good, {
      ownKeys: () => {
        throw new Error('hostile proxy');
      },
    });
    for (let round = 0; round < 2; round++) {
      await worker.idempotent.execute(chargeCall('order-1'), { requestContext, resolutionReceipt: proxy });
    }
    expect(worker.effects.length).toBeLessThanOrEqual(1);
  });
});
