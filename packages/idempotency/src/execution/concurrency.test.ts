import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import {
  chargeCall,
  createClock,
  createWorker,
  deferred,
  requestContext,
  TENANT,
} from '../__fixtures__/harness';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import type { ToolResultCacheEntry } from '../cache/types';
import { LeaseKeeper } from './lease-keeper';
import { withToolboxIdempotency } from './with-toolbox-idempotency';

describe('concurrent calls with one key', () => {
  test('100 calls while the first runs: one fresh, the rest unknown-outcome at once, then deduped', async () => {
    const release = deferred();
    const worker = createWorker(new Map(), { gate: release.promise });
    const calls = Array.from({ length: 100 }, (_, index) =>
      worker.idempotent.execute(chargeCall('order-1', `call-${index}`), { requestContext }),
    );
    // Every call but the running one answers before the side effect is allowed to finish.
    const early = await Promise.all(calls.slice(1));
    expect(early.every((result) => result.idempotency?.outcome === 'unknown-outcome')).toBe(true);
    expect(early.every((result) => result.error?.message.includes('already running'))).toBe(true);
    release.resolve();
    const first = await calls[0];
    expect(first?.idempotency?.outcome).toBe('fresh');
    expect(worker.effects).toHaveLength(1);
    const later = await Promise.all(
      Array.from({ length: 100 }, () => worker.idempotent.execute(chargeCall(), { requestContext })),
    );
    expect(later.every((result) => result.idempotency?.outcome === 'deduped')).toBe(true);
    expect(worker.effects).toHaveLength(1);
  });

  test('100 calls across 4 workers sharing one store: the side effect runs once', async () => {
    const store = new Map<string, ToolResultCacheEntry>();
    let effects = 0;
    const tool = createTool({
      name: 'send',
      description: 'Send once',
      input: z.object({ id: z.string() }),
      idempotencyKey: (params) => params.id,
      async execute() {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return ++effects;
      },
    });
    const workers = Array.from({ length: 4 }, () =>
      withToolboxIdempotency(createToolbox([tool]), {
        cache: createToolResultCache({ store }),
        tenantId: TENANT,
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        workers[index % 4]?.execute({ name: 'send', arguments: { id: 'same' } }, { requestContext }),
      ),
    );
    const outcomes = results.map((result) => result?.idempotency?.outcome);
    expect(outcomes.filter((outcome) => outcome === 'fresh')).toHaveLength(1);
    expect(
      outcomes.every(
        (outcome) => outcome === 'fresh' || outcome === 'deduped' || outcome === 'unknown-outcome',
      ),
    ).toBe(true);
    expect(effects).toBe(1);
  });

  test('a call that times out while its tool runs reports unknown-outcome; the late result is recorded', async () => {
    const release = deferred();
    const worker = createWorker(new Map(), { gate: release.promise });
    const timedOut = await worker.idempotent.execute(chargeCall(), { requestContext, timeout: 5 });
    expect(timedOut.error?.code).toBe('TIMEOUT');
    expect(timedOut.idempotency?.outcome).toBe('unknown-outcome');
    expect(timedOut.idempotency?.attemptId).toBeDefined();
    release.resolve();
    await worker.idempotent.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 1));
    const after = await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(after.idempotency?.outcome).toBe('deduped');
    expect(worker.effects).toHaveLength(1);
  });

  test('streamed output is recorded as chunks and replayed as a stream', async () => {
    let runs = 0;
    const tool = createTool({
      name: 'stream',
      description: 'Streams',
      input: z.object({ id: z.string() }),
      idempotencyKey: (params) => params.id,
      async *execute() {
        runs++;
        yield 'a';
        yield 'b';
      },
    });
    const toolbox = withToolboxIdempotency(createToolbox([tool]), {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
    });
    const call = { name: 'stream', arguments: { id: 's' } };
    const first = await toolbox.execute(call, { requestContext });
    const second = await toolbox.execute(call, { requestContext });
    const live = await toolbox.execute(call, { requestContext, stream: true });
    const chunks: unknown[] = [];
    for await (const chunk of live.stream ?? []) chunks.push(chunk);
    expect(first.result).toEqual(['a', 'b']);
    expect(second.result).toEqual(['a', 'b']);
    expect(second.idempotency?.outcome).toBe('deduped');
    expect(chunks).toEqual(['a', 'b']);
    expect(runs).toBe(1);
  });
});

describe('leases', () => {
  test('active work renews its lease, never past the absolute deadline', async () => {
    const clock = createClock(0);
    const store = new Map<string, ToolResultCacheEntry>();
    const cache = createToolResultCache({ store });
    await cache.claimStarted('k', {
      version: 1,
      state: 'started',
      attemptId: 'a1',
      startedAt: 0,
      leaseExpiresAt: 100,
      leaseDeadlineAt: 250,
    });
    const keeper = new LeaseKeeper(cache, clock.now, 100);
    const attempt = { key: 'k', attemptId: 'a1', leaseDeadlineAt: 250 };
    keeper.add(attempt);
    clock.advance(60);
    keeper.renew();
    expect(store.get('k')).toMatchObject({ leaseExpiresAt: 160 });
    clock.advance(120);
    keeper.renew();
    expect(store.get('k')).toMatchObject({ leaseExpiresAt: 250 });
    clock.advance(10);
    keeper.renew();
    expect(keeper.size).toBe(0);
    expect(store.get('k')).toMatchObject({ leaseExpiresAt: 250 });
    keeper.renew();
  });

  test('an attempt fenced out by a receipt stops being renewed', async () => {
    const clock = createClock(0);
    const cache = createToolResultCache({ store: new Map() });
    const started = {
      version: 1,
      state: 'started',
      startedAt: 0,
      leaseExpiresAt: 100,
      leaseDeadlineAt: 10_000,
    } as const;
    await cache.claimStarted('k', { ...started, attemptId: 'old' });
    const keeper = new LeaseKeeper(cache, clock.now, 100);
    keeper.add({ key: 'k', attemptId: 'old', leaseDeadlineAt: 10_000 });
    clock.advance(200);
    expect(await cache.replaceUnknownStarted('k', 'old', { ...started, attemptId: 'new' }, clock.now())).toBe(
      true,
    );
    keeper.renew();
    expect(keeper.size).toBe(0);
    keeper.renew();
  });

  test('the timer renews a long call so other callers keep seeing it as running', async () => {
    const clock = createClock();
    const release = deferred();
    const store = new Map<string, ToolResultCacheEntry>();
    const worker = createWorker(store, { gate: release.promise, now: clock.now, leaseMs: 30 });
    const running = worker.idempotent.execute(chargeCall(), { requestContext });
    await Promise.resolve();
    const lease = () => {
      const [entry] = store.values();
      return entry?.state === 'started' && entry.attemptId !== undefined ? entry.leaseExpiresAt : 0;
    };
    // Five times the lease passes on the clock; each time the timer renews it before the next step.
    for (let step = 0; step < 5; step++) {
      clock.advance(25);
      const deadline = Date.now() + 5_000;
      while (lease() <= clock.now() + 5 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(lease()).toBeGreaterThan(clock.now());
    }
    const probe = await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(probe.error?.message).toContain('already running');
    release.resolve();
    expect((await running).idempotency?.outcome).toBe('fresh');
  });
});
