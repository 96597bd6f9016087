import { describe, expect, test } from 'bun:test';
import { getToolRevision, isTool, ToolCallError } from '@armorer/core';
import { createChargeCard, createClock, deferred, requestContext, TENANT } from '../__fixtures__/harness';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import type { ToolResultCacheEntry } from '../cache/types';
import type { ResolutionReceipt } from '../receipts/types';
import { withIdempotency } from './with-idempotency';

const params = { orderId: 'order-1', cents: 2500 };

describe('withIdempotency', () => {
  test('the three execute forms dedupe one key; the callable form, without authority, is refused', async () => {
    const { tool, effects } = createChargeCard();
    const charge = withIdempotency(tool, {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
    });
    const first = await charge.execute(
      { id: 'c1', name: 'charge-card', arguments: params },
      { requestContext },
    );
    const value = await charge.execute(params, { requestContext });
    const viaWith = await charge.executeWith({ params, requestContext, callId: 'c3' });
    expect(first.idempotency?.outcome).toBe('fresh');
    expect(value).toEqual(first.result as typeof value);
    expect(viaWith.idempotency?.outcome).toBe('deduped');
    expect(viaWith.callId).toBe('c3');
    expect(effects).toHaveLength(1);
    expect(isTool(charge)).toBe(true);
    expect(charge.name).toBe('charge-card');
    expect(charge.tool).toBe(tool);
    expect(charge.toJSON()).toEqual(tool.toJSON());
    await expect(charge(params)).rejects.toMatchObject({ code: 'IDEMPOTENCY_AUTHORITY_MISMATCH' });
    expect(effects).toHaveLength(1);
  });

  test('the throwing form throws ToolCallError for refusals and unknown outcomes', async () => {
    const release = deferred();
    const { tool } = createChargeCard({ gate: release.promise });
    const charge = withIdempotency(tool, {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
    });
    const refused = charge.execute(params, { requestContext: { authority: { tenantId: 'tenant-b' } } });
    await expect(refused).rejects.toBeInstanceOf(ToolCallError);
    const running = charge.execute(params, { requestContext });
    const unknown = charge.execute(params, { requestContext });
    await expect(unknown).rejects.toMatchObject({ code: 'IDEMPOTENCY_UNKNOWN_OUTCOME' });
    release.resolve();
    await expect(running).resolves.toMatchObject({ orderId: 'order-1' });
  });

  test('the spec flow: an expired attempt is resolved with a verified receipt through execute()', async () => {
    const clock = createClock();
    const store = new Map<string, ToolResultCacheEntry>();
    const hang = deferred();
    const crashed = createChargeCard({ gate: hang.promise });
    const options = { tenantId: TENANT, now: clock.now, leaseMs: 100 };
    const first = withIdempotency(crashed.tool, { ...options, cache: createToolResultCache({ store }) });
    void first.execute(params, { requestContext, idempotencyKey: 'temporal-call-1' });
    await Promise.resolve();
    clock.advance(101);
    const restarted = createChargeCard();
    const verifyResolutionReceipt = (receipt: ResolutionReceipt) => receipt.signature === 'ok';
    const charge = withIdempotency(restarted.tool, {
      ...options,
      cache: createToolResultCache({ store: new Map(store) }),
      verifyResolutionReceipt,
    });
    const unknown = await charge.execute(
      { id: 'c2', name: 'charge-card', arguments: params },
      { requestContext, idempotencyKey: 'temporal-call-1' },
    );
    expect(unknown.idempotency?.outcome).toBe('unknown-outcome');
    const signedOperatorReceipt: ResolutionReceipt = {
      version: 1,
      key: unknown.idempotency?.key as string,
      attemptId: unknown.idempotency?.attemptId as string,
      tenantId: TENANT,
      toolRevision: getToolRevision(restarted.tool),
      decision: 'retry',
      evidence: 'Operator confirmed the provider did not perform the side effect.',
      authorizedAt: clock.now(),
      authorizedBy: 'operator-1',
      nonce: 'nonce-1',
      signature: 'ok',
    };
    const value = await charge.execute(params, {
      requestContext,
      idempotencyKey: 'temporal-call-1',
      resolutionReceipt: signedOperatorReceipt,
    });
    expect(value).toMatchObject({ orderId: 'order-1' });
    expect(restarted.effects).toHaveLength(1);
  });

  test('a tool without a key is not deduped; bad arguments are refused', async () => {
    const { tool, effects } = createChargeCard();
    const cache = createToolResultCache({ store: new Map() });
    expect(() => withIdempotency({} as never, { cache, tenantId: TENANT })).toThrow(TypeError);
    const charge = withIdempotency(tool, { cache, tenantId: TENANT });
    const other = await charge.execute({ name: 'other', arguments: {} } as never, { requestContext });
    expect((other as { error?: { code: string } }).error?.code).toBe('INVALID_TOOL_CALL');
    const invalid = await charge.execute({ name: 'charge-card', arguments: { orderId: 1 } } as never, {
      requestContext,
    });
    expect((invalid as { error?: { code: string } }).error?.code).toBe('INVALID_ARGUMENTS');
    expect(effects).toHaveLength(0);
  });
});
