import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { createClock, delay, makeCountingTool } from '../__fixtures__/tools';
import { MiddlewareOptionsError } from '../errors/middleware-options-error';
import { createCacheMiddleware } from './create-cache-middleware';

const call = (key: string, extra: Record<string, unknown> = {}) => ({
  name: 'lookup',
  arguments: { key, ...extra },
});

describe('createCacheMiddleware', () => {
  test('serves repeated calls with the same arguments from the cache, in any key order', async () => {
    const { tool, state } = makeCountingTool();
    const toolbox = createToolbox([tool], { middleware: [createCacheMiddleware({ ttlMs: 60_000 })] });
    const first = await toolbox.execute({ name: 'lookup', arguments: { key: 'a', page: 2 } });
    const second = await toolbox.execute({ name: 'lookup', arguments: '{"page":2,"key":"a"}' });
    const other = await toolbox.execute(call('b'));
    expect(first.result).toEqual({ key: 'a', page: 2, execution: 1 });
    expect(second.result).toEqual(first.result);
    expect(other.result).toEqual({ key: 'b', page: 1, execution: 2 });
    expect(state.executions).toBe(2);
  });

  test('entries expire after ttlMs', async () => {
    const clock = createClock();
    const { tool, state } = makeCountingTool();
    const toolbox = createToolbox([tool], {
      middleware: [createCacheMiddleware({ ttlMs: 1000, now: clock.read })],
    });
    await toolbox.execute(call('a'));
    clock.advance(999);
    await toolbox.execute(call('a'));
    expect(state.executions).toBe(1);
    clock.advance(1);
    await toolbox.execute(call('a'));
    expect(state.executions).toBe(2);
  });

  test('is bounded: the least recently used entry is evicted', async () => {
    const { tool, state } = makeCountingTool();
    const cache = createCacheMiddleware({ maxEntries: 2 });
    const toolbox = createToolbox([tool], { middleware: [cache] });
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await toolbox.execute(call(key));
    // a, b executed; a hit; c executed and evicts b; a hit; b executed again.
    expect(state.executions).toBe(4);
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  test('never caches errors', async () => {
    let attempts = 0;
    const flaky = createTool({
      name: 'flaky',
      description: 'Fails the first time',
      async execute() {
        attempts++;
        if (attempts === 1) throw new Error('transient');
        return 'ok';
      },
    });
    const toolbox = createToolbox([flaky], { middleware: [createCacheMiddleware()] });
    expect((await toolbox.execute({ name: 'flaky', arguments: {} })).error?.code).toBe('EXECUTION_FAILED');
    expect((await toolbox.execute({ name: 'flaky', arguments: {} })).result).toBe('ok');
    expect((await toolbox.execute({ name: 'flaky', arguments: {} })).result).toBe('ok');
    expect(attempts).toBe(2);
  });

  test('leaves mutating tools untouched', async () => {
    const { tool, state } = makeCountingTool({ mutates: true });
    const toolbox = createToolbox([tool], { middleware: [createCacheMiddleware()] });
    expect(toolbox.getTool('lookup') as unknown).toBe(tool);
    await toolbox.execute(call('a'));
    await toolbox.execute(call('a'));
    expect(state.executions).toBe(2);
  });

  test('1,000 concurrent identical calls share one execution', async () => {
    const { tool, state } = makeCountingTool({ delayMs: 5 });
    const toolbox = createToolbox([tool], { middleware: [createCacheMiddleware()] });
    const results = await Promise.all(Array.from({ length: 1000 }, () => toolbox.execute(call('same'))));
    expect(state.executions).toBe(1);
    expect(results.every((result) => result.outcome === 'success')).toBe(true);
    expect(new Set(results.map((result) => JSON.stringify(result.result)))).toEqual(
      new Set([JSON.stringify({ key: 'same', page: 1, execution: 1 })]),
    );
  });

  test('1,000 concurrent calls over 50 keys run each key exactly once, even with a small LRU', async () => {
    const { tool, state } = makeCountingTool({ delayMs: 2 });
    const toolbox = createToolbox([tool], { middleware: [createCacheMiddleware({ maxEntries: 10 })] });
    const keys = Array.from({ length: 1000 }, (_, index) => `k${index % 50}`);
    const results = await Promise.all(keys.map((key) => toolbox.execute(call(key))));
    expect(state.executions).toBe(50);
    expect(results.map((result) => (result.result as { key: string }).key)).toEqual(keys);
  });

  test('a shared failure reaches every waiting caller but is not cached', async () => {
    let executions = 0;
    const failing = createTool({
      name: 'failing',
      description: 'Always fails slowly',
      async execute() {
        executions++;
        await delay(5);
        throw new Error('down');
      },
    });
    const toolbox = createToolbox([failing], { middleware: [createCacheMiddleware()] });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => toolbox.execute({ name: 'failing', arguments: {} })),
    );
    expect(executions).toBe(1);
    expect(results.every((result) => result.error?.message.includes('down'))).toBe(true);
    await toolbox.execute({ name: 'failing', arguments: {} });
    expect(executions).toBe(2);
  });

  test('when the leading caller is cancelled, a waiting caller runs the tool itself', async () => {
    let executions = 0;
    const slow = createTool({
      name: 'slow',
      description: 'Honours cancellation',
      async execute(_params, { signal }) {
        executions++;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, 20);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        });
        return executions;
      },
    });
    const toolbox = createToolbox([slow], { middleware: [createCacheMiddleware()] });
    const controller = new AbortController();
    const leader = toolbox.execute({ name: 'slow', arguments: {} }, { signal: controller.signal });
    const follower = toolbox.execute({ name: 'slow', arguments: {} });
    await delay(2);
    controller.abort(new Error('user left'));
    expect((await leader).outcome).toBe('cancelled');
    const result = await follower;
    expect(result.outcome).toBe('success');
    expect(executions).toBe(2);
  });

  test('an already aborted call never reaches the cache or the tool', async () => {
    const { tool, state } = makeCountingTool();
    const toolbox = createToolbox([tool], { middleware: [createCacheMiddleware()] });
    const result = await toolbox.execute(call('a'), { signal: AbortSignal.abort() });
    expect(result.outcome).toBe('cancelled');
    expect(state.executions).toBe(0);
  });

  test('streams and class instances are neither cached nor shared', async () => {
    let streams = 0;
    let instances = 0;
    class Reading {
      constructor(readonly value: number) {}
    }
    const streaming = createTool({
      name: 'tokens',
      description: 'Streams',
      async *execute() {
        streams++;
        yield 'a';
        yield 'b';
      },
    });
    const instance = createTool({
      name: 'reading',
      description: 'Returns a class instance',
      async execute() {
        instances++;
        await delay(2);
        return new Reading(instances);
      },
    });
    const toolbox = createToolbox([streaming, instance], { middleware: [createCacheMiddleware()] });
    const collected = await Promise.all(
      [1, 2, 3].map(() => toolbox.execute({ name: 'tokens', arguments: {} })),
    );
    expect(collected.map((result) => result.result)).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(streams).toBe(3);
    const readings = await Promise.all(
      [1, 2, 3].map(() => toolbox.execute({ name: 'reading', arguments: {} })),
    );
    expect(readings.every((result) => result.result instanceof Reading)).toBe(true);
    expect(instances).toBe(3);
  });

  test('callers get copies: mutating one result does not change another', async () => {
    const { tool } = makeCountingTool();
    const toolbox = createToolbox([tool], { middleware: [createCacheMiddleware()] });
    const first = (await toolbox.execute(call('a'))).result as { key: string };
    first.key = 'tampered';
    const second = (await toolbox.execute(call('a'))).result as { key: string };
    expect(second.key).toBe('a');
    const shared = createToolbox([makeCountingTool().tool], {
      middleware: [createCacheMiddleware({ clone: false })],
    });
    const a = (await shared.execute(call('a'))).result;
    expect((await shared.execute(call('a'))).result).toBe(a);
  });

  test('never shares results across tenants, principals or toolbox contexts', async () => {
    const { tool, state } = makeCountingTool();
    const cache = createCacheMiddleware();
    const toolbox = createToolbox([tool], { middleware: [cache] });
    const as = (tenantId: string, principalId: string) => ({
      requestContext: { authority: { tenantId, principalId } },
    });
    await toolbox.execute(call('a'), as('t1', 'p1'));
    await toolbox.execute(call('a'), as('t1', 'p1'));
    await toolbox.execute(call('a'), as('t2', 'p1'));
    await toolbox.execute(call('a'), as('t1', 'p2'));
    expect(state.executions).toBe(3);
    const alice = createToolbox([tool], { middleware: [cache], context: { userId: 'alice' } });
    const bob = createToolbox([tool], { middleware: [cache], context: { userId: 'bob' } });
    const aliceAgain = createToolbox([tool], { middleware: [cache], context: { userId: 'alice' } });
    await alice.execute(call('a'));
    await bob.execute(call('a'));
    await aliceAgain.execute(call('a'));
    expect(state.executions).toBe(5);
  });

  test('different tools with the same name never share entries', async () => {
    const cache = createCacheMiddleware();
    const one = makeCountingTool();
    const two = makeCountingTool();
    await createToolbox([one.tool], { middleware: [cache] }).execute(call('a'));
    await createToolbox([two.tool], { middleware: [cache] }).execute(call('a'));
    expect(one.state.executions + two.state.executions).toBe(2);
  });

  test('a custom key decides what is shared, and undefined skips the cache', async () => {
    const { tool, state } = makeCountingTool();
    const toolbox = createToolbox([tool], {
      middleware: [
        createCacheMiddleware({ key: (params) => (params.key === 'skip' ? undefined : 'one-entry') }),
      ],
    });
    const first = await toolbox.execute(call('a'));
    expect((await toolbox.execute(call('b'))).result).toEqual(first.result);
    await toolbox.execute(call('skip'));
    await toolbox.execute(call('skip'));
    expect(state.executions).toBe(3);
  });

  test('rejects zero, negative and malformed options', () => {
    for (const options of [
      { ttlMs: 0 },
      { ttlMs: -1 },
      { ttlMs: Number.NaN },
      { maxEntries: 0 },
      { maxEntries: -5 },
      { maxEntries: 1.5 },
      { key: 'tool' },
      { now: 5 },
    ]) {
      expect(() => createCacheMiddleware(options as never)).toThrow(MiddlewareOptionsError);
    }
    expect(() => createCacheMiddleware('fast' as never)).toThrow(/options object/);
    expect(createCacheMiddleware({ ttlMs: Number.POSITIVE_INFINITY }).kind).toBe('armorer.middleware');
  });

  test('arguments without a canonical form skip the cache instead of colliding', async () => {
    let executions = 0;
    const withFunction = createTool({
      name: 'fn',
      description: 'Takes a callback',
      input: z.object({ callback: z.custom<() => number>((value) => typeof value === 'function') }),
      async execute({ callback }) {
        executions++;
        return callback();
      },
    });
    const toolbox = createToolbox([withFunction], { middleware: [createCacheMiddleware()] });
    expect((await toolbox.execute({ name: 'fn', arguments: { callback: () => 1 } })).result).toBe(1);
    expect((await toolbox.execute({ name: 'fn', arguments: { callback: () => 2 } })).result).toBe(2);
    expect(executions).toBe(2);
  });
});
