import { afterEach, describe, expect, spyOn, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import { createClock, makeCountingTool } from '../__fixtures__/tools';
import { createRateLimitMiddleware } from './create-rate-limit-middleware';
import { SlidingWindow } from './sliding-window';

const restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

describe('rate limiting many keys', () => {
  test('each call costs O(1): 100,000 distinct keys in one window never rescan the others', async () => {
    const clock = createClock();
    const { tool } = makeCountingTool();
    const limiter = createRateLimitMiddleware({
      limit: 1,
      windowMs: 60_000,
      now: clock.read,
      key: (params) => String(params.key),
    });
    const toolbox = createToolbox([tool], { middleware: [limiter] });
    const idle = spyOn(SlidingWindow.prototype, 'idle');
    restore.push(() => idle.mockRestore());
    const calls = 100_000;
    for (let index = 0; index < calls; index++) {
      const result = await toolbox.execute({ name: 'lookup', arguments: { key: `k${index}` } });
      if (result.outcome !== 'success') throw new Error(`call ${index}: ${result.error?.code}`);
    }
    // The old sweep scanned every log on each new key past 10,000 (about 9 x 10^9 checks here).
    expect(idle.mock.calls.length).toBeLessThanOrEqual(2 * calls);
    expect(limiter.activeKeys).toBe(calls);
  }, 120_000);

  test('logs expire: once a window has passed, the keys it held are dropped', async () => {
    const clock = createClock();
    const { tool } = makeCountingTool();
    const limiter = createRateLimitMiddleware({
      limit: 2,
      windowMs: 1000,
      now: clock.read,
      key: (params) => String(params.key),
    });
    const toolbox = createToolbox([tool], { middleware: [limiter] });
    for (let index = 0; index < 5000; index++) {
      await toolbox.execute({ name: 'lookup', arguments: { key: `k${index}` } });
      if (index % 1000 === 999) clock.advance(400);
    }
    // Keys older than the window went as later keys arrived; only the last window's remain.
    expect(limiter.activeKeys).toBeLessThanOrEqual(3000);
    clock.advance(1000);
    await toolbox.execute({ name: 'lookup', arguments: { key: 'fresh' } });
    expect(limiter.activeKeys).toBe(1);
  });

  test('a key in active use is never dropped, so its limit holds', async () => {
    const clock = createClock();
    const { tool } = makeCountingTool();
    const limiter = createRateLimitMiddleware({
      limit: 1,
      windowMs: 1000,
      now: clock.read,
      key: (params) => String(params.key),
    });
    const toolbox = createToolbox([tool], { middleware: [limiter] });
    expect((await toolbox.execute({ name: 'lookup', arguments: { key: 'busy' } })).outcome).toBe('success');
    for (let index = 0; index < 2000; index++) {
      clock.advance(0.4);
      await toolbox.execute({ name: 'lookup', arguments: { key: `other-${index}` } });
    }
    // 800 ms later, with 2,000 other keys in between: 'busy' is still limited.
    const again = await toolbox.execute({ name: 'lookup', arguments: { key: 'busy' } });
    expect(again.error?.code).toBe('RATE_LIMITED');
  });
});
