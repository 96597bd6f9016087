import { describe, expect, jest, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import { createClock, makeCountingTool } from '../__fixtures__/tools';
import { MiddlewareOptionsError } from '../errors/middleware-options-error';
import { createRateLimitMiddleware } from './create-rate-limit-middleware';

const call = (key = 'a') => ({ name: 'lookup', arguments: { key } });

describe('createRateLimitMiddleware', () => {
  test('1,000 concurrent calls: exactly `limit` run, the rest end RATE_LIMITED without running', async () => {
    const clock = createClock();
    const { tool, state } = makeCountingTool({ delayMs: 1 });
    const toolbox = createToolbox([tool], {
      middleware: [createRateLimitMiddleware({ limit: 100, windowMs: 60_000, now: clock.read })],
    });
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => toolbox.execute(call(`k${index}`))),
    );
    const succeeded = results.filter((result) => result.outcome === 'success');
    const limited = results.filter((result) => result.error?.code === 'RATE_LIMITED');
    expect(succeeded).toHaveLength(100);
    expect(limited).toHaveLength(900);
    expect(state.executions).toBe(100);
    // No duplicated execution: every admitted call ran once, with its own arguments.
    const executions = succeeded.map((result) => (result.result as { execution: number }).execution);
    expect(new Set(executions).size).toBe(100);
    for (const result of limited) {
      expect(result.error).toMatchObject({
        category: 'rate_limited',
        retryable: true,
        details: { retryAfterMs: 60_000 },
      });
      expect(result.error?.message).toContain('Retry in 60000 ms');
    }
  });

  test('the window slides: capacity returns as old calls leave it', async () => {
    const clock = createClock();
    const { tool } = makeCountingTool();
    const toolbox = createToolbox([tool], {
      middleware: [createRateLimitMiddleware({ limit: 2, windowMs: 1000, now: clock.read })],
    });
    expect((await toolbox.execute(call())).outcome).toBe('success');
    clock.advance(400);
    expect((await toolbox.execute(call())).outcome).toBe('success');
    const limited = await toolbox.execute(call());
    expect(limited.error?.details?.retryAfterMs).toBe(600);
    clock.advance(600);
    expect((await toolbox.execute(call())).outcome).toBe('success');
    expect((await toolbox.execute(call())).error?.details?.retryAfterMs).toBe(400);
  });

  test('a call cancelled before it runs does not consume capacity', async () => {
    const { tool, state } = makeCountingTool();
    const toolbox = createToolbox([tool], {
      middleware: [createRateLimitMiddleware({ limit: 1, windowMs: 60_000 })],
    });
    expect((await toolbox.execute(call(), { signal: AbortSignal.abort() })).outcome).toBe('cancelled');
    expect((await toolbox.execute(call())).outcome).toBe('success');
    expect(state.executions).toBe(1);
  });

  test('rejects over-limit calls at once, without waiting or timers', async () => {
    const { tool } = makeCountingTool();
    const toolbox = createToolbox([tool], {
      middleware: [createRateLimitMiddleware({ limit: 1, windowMs: 3_600_000 })],
    });
    await toolbox.execute(call());
    // On fake timers no timer can fire: a call that waited on one would still be pending after a turn of the
    // event loop, however fast the machine (was < 20 ms of wall time).
    jest.useFakeTimers();
    try {
      const answered = toolbox.execute(call());
      const turn = new Promise<string>((resolve) => setImmediate(() => resolve('still waiting')));
      const result = await Promise.race([answered, turn]);
      expect(typeof result === 'string' ? result : result.error?.code).toBe('RATE_LIMITED');
    } finally {
      jest.useRealTimers();
    }
  });

  test('limits each tool separately, shared across toolboxes using the same middleware', async () => {
    const clock = createClock();
    const limiter = createRateLimitMiddleware({ limit: 1, windowMs: 1000, now: clock.read });
    const first = makeCountingTool({ name: 'first' });
    const second = makeCountingTool({ name: 'second' });
    const toolbox = createToolbox([first.tool, second.tool], { middleware: [limiter] });
    const other = createToolbox([makeCountingTool({ name: 'first' }).tool], { middleware: [limiter] });
    expect((await toolbox.execute({ name: 'first', arguments: { key: 'x' } })).outcome).toBe('success');
    expect((await toolbox.execute({ name: 'second', arguments: { key: 'x' } })).outcome).toBe('success');
    expect((await other.execute({ name: 'first', arguments: { key: 'x' } })).error?.code).toBe(
      'RATE_LIMITED',
    );
  });

  test('a key splits the limit, for example per tenant', async () => {
    const clock = createClock();
    const { tool } = makeCountingTool();
    const toolbox = createToolbox([tool], {
      middleware: [
        createRateLimitMiddleware({
          limit: 1,
          windowMs: 1000,
          now: clock.read,
          key: (_params, context) => context.requestContext?.authority?.tenantId ?? 'anonymous',
        }),
      ],
    });
    const as = (tenantId: string) => ({ requestContext: { authority: { tenantId } } });
    expect((await toolbox.execute(call(), as('t1'))).outcome).toBe('success');
    expect((await toolbox.execute(call(), as('t2'))).outcome).toBe('success');
    expect((await toolbox.execute(call(), as('t1'))).error?.code).toBe('RATE_LIMITED');
    expect((await toolbox.execute(call())).outcome).toBe('success');
  });

  test('idle per-key logs are swept, so keys cannot grow without bound', async () => {
    const clock = createClock();
    const { tool } = makeCountingTool();
    const toolbox = createToolbox([tool], {
      middleware: [
        createRateLimitMiddleware({
          limit: 1,
          windowMs: 10,
          now: clock.read,
          key: (params) => String(params.key),
        }),
      ],
    });
    for (let index = 0; index < 10_050; index++) {
      const result = await toolbox.execute(call(`user-${index}`));
      if (result.outcome !== 'success') throw new Error('a fresh key must be admitted');
      clock.advance(1);
    }
    // Keys from long ago were swept: reusing one is admitted as fresh.
    expect((await toolbox.execute(call('user-0'))).outcome).toBe('success');
  });

  test('rejects zero, negative, fractional and missing limits and windows', () => {
    for (const options of [
      { limit: 0, windowMs: 1000 },
      { limit: -1, windowMs: 1000 },
      { limit: 1.5, windowMs: 1000 },
      { limit: 10, windowMs: 0 },
      { limit: 10, windowMs: -100 },
      { limit: 10, windowMs: Number.NaN },
      { limit: 10 },
      { windowMs: 1000 },
      { limit: '10', windowMs: 1000 },
      { limit: 10, windowMs: 1000, key: 'tenant' },
    ]) {
      expect(() => createRateLimitMiddleware(options as never)).toThrow(MiddlewareOptionsError);
    }
    expect(() => createRateLimitMiddleware(undefined as never)).toThrow(MiddlewareOptionsError);
  });
});
