import { afterEach, describe, expect, jest, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { deferred, requestContext, TENANT } from './__fixtures__/harness';
import { createToolResultCache } from './cache/create-tool-result-cache';
import type { IdempotencyOptions } from './execution/options';
import { withToolboxIdempotency } from './execution/with-toolbox-idempotency';

/**
 * A payment tool that honours its abort signal the usual way: the request reaches the provider (the side
 * effect happens), then the wait for the response rejects with an AbortError when the call is aborted.
 */
function abortableCharge(
  cache = createToolResultCache({ store: new Map() }),
  effects: string[] = [],
  options: Partial<IdempotencyOptions> = {},
) {
  const started = deferred();
  const tool = createTool({
    name: 'charge',
    description: 'Charge an order',
    input: z.object({ orderId: z.string() }),
    idempotencyKey: (params) => params.orderId,
    execute: ({ orderId }, context) => {
      effects.push(orderId);
      started.resolve();
      return new Promise((_resolve, reject) => {
        const abort = () => reject(context.signal.reason ?? new DOMException('aborted', 'AbortError'));
        if (context.signal.aborted) abort();
        else context.signal.addEventListener('abort', abort, { once: true });
      });
    },
  });
  const toolbox = withToolboxIdempotency(createToolbox([tool]), { cache, tenantId: TENANT, ...options });
  return { toolbox, effects, cache, started: started.promise };
}

/** Resolves once `check()` holds, looking again every turn of the event loop (the test's timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Lets every microtask queued so far run (a timer fires only once the microtask queue is empty). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => jest.useRealTimers());

const call = { name: 'charge', arguments: { orderId: 'order-1' } };

describe('red team: a call that ends while its tool still runs', () => {
  test('a timeout answered unknown-outcome never lets a plain retry run the tool again', async () => {
    const { toolbox, effects, started } = abortableCharge();
    // The deadline passes once the side effect happened, however long the call took to get there.
    jest.useFakeTimers();
    const pending = toolbox.execute(call, { requestContext, timeout: 10 });
    await started;
    jest.advanceTimersByTime(10);
    jest.useRealTimers();
    const first = await pending;
    expect(first.idempotency?.outcome).toBe('unknown-outcome');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const retry = await toolbox.execute(call, { requestContext });
    expect(retry.idempotency?.outcome).toBe('unknown-outcome');
    expect(effects).toHaveLength(1);
  });

  test('a cancelled call (the caller aborts) is the same', async () => {
    const { toolbox, effects, started } = abortableCharge();
    const controller = new AbortController();
    const pending = toolbox.execute(call, { requestContext, signal: controller.signal });
    await started;
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
    const { toolbox, effects, cache, started } = abortableCharge();
    const pending = toolbox.execute(call, { requestContext });
    await started;
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
    // Reads wait until the test answers them (after the call's 5 ms deadline, however late that fires),
    // then the store answers at once.
    const unanswered: Array<() => void> = [];
    let holding = true;
    const slow = {
      get: (key: string) =>
        holding ? new Promise((resolve) => unanswered.push(() => resolve(store.get(key)))) : store.get(key),
      set: (key: string, value: unknown) => store.set(key, value),
      delete: (key: string) => store.delete(key),
    };
    const { toolbox, effects } = abortableCharge(createToolResultCache({ store: slow }));
    const first = await toolbox.execute(call, { requestContext, timeout: 5 });
    expect(first.outcome).not.toBe('success');
    expect(unanswered).toHaveLength(1);
    holding = false;
    for (const answer of unanswered.splice(0)) answer();
    // What the attempt does once answered needs no timer: it is over before the next one fires.
    await settle();
    expect(effects).toHaveLength(0);
    // Nothing ran, so nothing is held: the retry runs.
    const controller = new AbortController();
    const retrying = toolbox.execute(call, { requestContext, signal: controller.signal });
    await until(() => effects.length === 1);
    controller.abort();
    const retry = await retrying;
    expect(retry.idempotency?.outcome).toBe('unknown-outcome');
    expect(effects).toHaveLength(1);
  });
});

test('a receipt call that times out while its verifier answers never starts the tool', async () => {
  const clock = { now: 1_000_000 };
  const store = new Map();
  const cache = createToolResultCache({ store });
  // The crashed attempt's lease, on the operator's clock, has run out once the operator looks at it: the
  // receipt is accepted, so what keeps the tool from starting is the call having ended.
  const crashed = abortableCharge(cache, [], { now: () => clock.now, leaseMs: 1 });
  void crashed.toolbox.execute(call, { requestContext });
  await crashed.started;
  // The verifier answers when the test says so: after the call's 5 ms deadline, however late that fires.
  const verdict = deferred<boolean>();
  const slowVerifier = () => verdict.promise;
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
  verdict.resolve(true);
  // What the attempt does once the verifier answered needs no timer: it is over before the next one fires.
  await settle();
  expect(effects).toHaveLength(0);
  // The receipt was good: it replaced the crashed attempt, whose key the ended call then gave back.
  expect(store.size).toBe(0);
});
