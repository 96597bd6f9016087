import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { requestContext, TENANT } from './__fixtures__/harness';
import { createToolResultCache } from './cache/create-tool-result-cache';
import { withToolboxIdempotency } from './execution/with-toolbox-idempotency';

/**
 * A payment tool that honours its abort signal the usual way: the request reaches the provider (the side
 * effect happens), then the wait for the response rejects with an AbortError when the call is aborted.
 */
function abortableCharge(cache = createToolResultCache({ store: new Map() }), effects: string[] = []) {
  const tool = createTool({
    name: 'charge',
    description: 'Charge an order',
    input: z.object({ orderId: z.string() }),
    idempotencyKey: (params) => params.orderId,
    execute: ({ orderId }, context) => {
      effects.push(orderId);
      return new Promise((_resolve, reject) => {
        const abort = () => reject(context.signal.reason ?? new DOMException('aborted', 'AbortError'));
        if (context.signal.aborted) abort();
        else context.signal.addEventListener('abort', abort, { once: true });
      });
    },
  });
  const toolbox = withToolboxIdempotency(createToolbox([tool]), { cache, tenantId: TENANT });
  return { toolbox, effects, cache };
}

const call = { name: 'charge', arguments: { orderId: 'order-1' } };

describe('red team: a call that ends while its tool still runs', () => {
  test('a timeout answered unknown-outcome never lets a plain retry run the tool again', async () => {
    const { toolbox, effects } = abortableCharge();
    const first = await toolbox.execute(call, { requestContext, timeout: 10 });
    expect(first.idempotency?.outcome).toBe('unknown-outcome');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const retry = await toolbox.execute(call, { requestContext });
    expect(retry.idempotency?.outcome).toBe('unknown-outcome');
    expect(effects).toHaveLength(1);
  });

  test('a cancelled call (the caller aborts) is the same', async () => {
    const { toolbox, effects } = abortableCharge();
    const controller = new AbortController();
    const pending = toolbox.execute(call, { requestContext, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort();
    const first = await pending;
    expect(first.outcome).not.toBe('success');
    expect(first.idempotency?.outcome).toBe('unknown-outcome');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const retry = await toolbox.execute(call, { requestContext });
    expect(retry.idempotency?.outcome).toBe('unknown-outcome');
    expect(effects).toHaveLength(1);
  });

  test('a worker shutting down (complete()) mid-call: the next worker answers unknown-outcome', async () => {
    const { toolbox, effects, cache } = abortableCharge();
    const pending = toolbox.execute(call, { requestContext });
    await new Promise((resolve) => setTimeout(resolve, 1));
    await toolbox.complete();
    const first = await pending;
    expect(first.outcome).not.toBe('success');
    expect(first.idempotency?.outcome).toBe('unknown-outcome');
    const next = abortableCharge(cache, effects);
    const retry = await next.toolbox.execute(call, { requestContext });
    expect(retry.idempotency?.outcome).toBe('unknown-outcome');
    expect(effects).toHaveLength(1);
  });

  test('a tool that fails on its own (no abort) still frees the key for a retry', async () => {
    let runs = 0;
    const tool = createTool({
      name: 'flaky',
      description: 'Fails once',
      input: z.object({ id: z.string() }),
      idempotencyKey: (params) => params.id,
      execute: async () => {
        runs += 1;
        if (runs === 1) throw new Error('provider said no');
        return 'ok';
      },
    });
    const toolbox = withToolboxIdempotency(createToolbox([tool]), {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
    });
    const failed = await toolbox.execute(
      { name: 'flaky', arguments: { id: 'x' } },
      { requestContext, timeout: 1_000 },
    );
    expect(failed.outcome).toBe('error');
    expect(failed.idempotency?.outcome).toBe('fresh');
    const retried = await toolbox.execute({ name: 'flaky', arguments: { id: 'x' } }, { requestContext });
    expect(retried.idempotency?.outcome).toBe('fresh');
    expect(runs).toBe(2);
  });
});

describe('red team: a slow store outlives the call', () => {
  test('a call that timed out while the store answered slowly never starts its tool afterwards', async () => {
    const store = new Map();
    let delay = 30;
    const slow = {
      get: (key: string) => new Promise((resolve) => setTimeout(() => resolve(store.get(key)), delay)),
      set: (key: string, value: unknown) => store.set(key, value),
      delete: (key: string) => store.delete(key),
    };
    const { toolbox, effects } = abortableCharge(createToolResultCache({ store: slow }));
    const first = await toolbox.execute(call, { requestContext, timeout: 5 });
    expect(first.outcome).not.toBe('success');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(effects).toHaveLength(0);
    // Nothing ran, so nothing is held: the retry runs.
    delay = 0;
    const retry = await toolbox.execute(call, { requestContext, timeout: 50 });
    expect(retry.idempotency?.outcome).toBe('unknown-outcome');
    expect(effects).toHaveLength(1);
  });
});

test('a receipt call that times out while its verifier answers never starts the tool', async () => {
  const clock = { now: 1_000_000 };
  const store = new Map();
  const cache = createToolResultCache({ store });
  const crashed = abortableCharge(cache);
  void crashed.toolbox.execute(call, { requestContext });
  await Promise.resolve();
  const slowVerifier = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 30));
  const effects: string[] = [];
  const charge = abortableCharge(cache, effects);
  const operator = withToolboxIdempotency(charge.toolbox.toolbox, {
    cache,
    tenantId: TENANT,
    leaseMs: 1,
    now: () => (clock.now += 1_000),
    verifyResolutionReceipt: slowVerifier,
  });
  const unknown = await operator.execute(call, { requestContext });
  const info = unknown.idempotency;
  if (info?.attemptId === undefined) throw new Error('expected an unknown attempt');
  const receipt = {
    version: 1 as const,
    key: info.key,
    attemptId: info.attemptId,
    tenantId: TENANT,
    toolRevision: info.toolRevision,
    decision: 'retry' as const,
    authorizedAt: 1,
    authorizedBy: 'operator-1',
    nonce: 'n',
  };
  const ended = await operator.execute(call, { requestContext, resolutionReceipt: receipt, timeout: 5 });
  expect(ended.outcome).not.toBe('success');
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(effects).toHaveLength(0);
});
