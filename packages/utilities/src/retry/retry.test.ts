import { afterEach, describe, expect, jest, test } from 'bun:test';
import { createTool, createToolError, ToolFailureError } from '@armorer/core';
import { makeFlakyTool } from '../__fixtures__/tools';
import { CompositionError } from '../errors/composition-error';
import { getPipelineError } from '../errors/error-utilities';
import { backoffDelay } from './backoff';
import { retry } from './retry';

const call = (name: string) => ({ name, arguments: { id: 'u1' } });

/** One turn of the event loop: what was queued as microtasks has run (fake timers never fire here). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => jest.useRealTimers());

describe('retry', () => {
  test('retries retryable failures until one succeeds', async () => {
    const { tool, state } = makeFlakyTool(2);
    const delays: number[] = [];
    const reliable = retry(tool, {
      delayMs: 1,
      jitter: 'none',
      onRetry: ({ delayMs }) => void delays.push(delayMs),
    });
    expect(await reliable({ id: 'u1' })).toEqual({ id: 'u1', calls: 3 });
    expect(state.calls).toBe(3);
    expect(delays).toEqual([1, 2]);
    expect(reliable.name).toBe('retry-flaky');
  });

  test('gives up after `attempts`, with the last error and the attempt count', async () => {
    const { tool, state } = makeFlakyTool(10);
    const reliable = retry(tool, { attempts: 3, delayMs: 0 });
    const result = await reliable.execute(call(reliable.name));
    expect(state.calls).toBe(3);
    expect(result.error?.code).toBe('EXECUTION_FAILED');
    expect(result.error?.message).toContain('after 3 attempt(s): attempt 3 failed');
    expect(getPipelineError(result)?.attempts).toBe(3);
  });

  test('does not retry failures that are not retryable, or that the predicate refuses', async () => {
    const denied = makeFlakyTool(1, 'POLICY_DENIED');
    expect((await retry(denied.tool, { delayMs: 0 }).execute(call('retry-flaky'))).error?.code).toBe(
      'POLICY_DENIED',
    );
    expect(denied.state.calls).toBe(1);
    const refused = makeFlakyTool(1);
    const never = retry(refused.tool, {
      delayMs: 0,
      retryable: ({ error }) => error.code !== 'EXECUTION_FAILED',
    });
    expect((await never.execute(call(never.name))).outcome).toBe('error');
    expect(refused.state.calls).toBe(1);
  });

  test('waits at least a rate limit retryAfterMs, and stops when it exceeds maxDelayMs', async () => {
    // On fake timers the wait is exactly what the rate limit asked for, whatever the machine's load.
    jest.useFakeTimers();
    const limited = makeFlakyTool(1, 'RATE_LIMITED', 30);
    const retried = retry(limited.tool, { delayMs: 1 })({ id: 'x' });
    while (limited.state.calls === 0) await turn();
    await turn();
    jest.advanceTimersByTime(29);
    await turn();
    expect(limited.state.calls).toBe(1);
    jest.advanceTimersByTime(1);
    expect((await retried).calls).toBe(2);
    jest.useRealTimers();
    const tooLong = makeFlakyTool(1, 'RATE_LIMITED', 60_000);
    const result = await retry(tooLong.tool, { maxDelayMs: 1000 }).execute(call('retry-flaky'));
    expect(result.error?.code).toBe('RATE_LIMITED');
    expect(result.error?.details?.retryAfterMs).toBe(60_000);
    expect(tooLong.state.calls).toBe(1);
  });

  test('a cancelled call stops waiting at once', async () => {
    const { tool, state } = makeFlakyTool(5);
    const slow = retry(tool, { delayMs: 10_000, jitter: 'none' });
    const controller = new AbortController();
    // On fake timers the 10 s wait can never end by itself: only the abort can end the call.
    jest.useFakeTimers();
    const pending = slow.execute(call(slow.name), { signal: controller.signal });
    let ended = false;
    void pending.finally(() => {
      ended = true;
    });
    while (state.calls === 0) await turn();
    await turn();
    expect(ended).toBe(false);
    controller.abort();
    await turn();
    expect(ended).toBe(true);
    jest.useRealTimers();
    expect((await pending).outcome).toBe('cancelled');
    expect(state.calls).toBe(1);
    const timedOut = await slow.execute(call(slow.name), { timeout: 20 });
    expect(timedOut.error?.code).toBe('TIMEOUT');
  });

  test('backoff grows exponentially up to the cap, with jitter inside its bounds', () => {
    const base = { delayMs: 100, maxDelayMs: 1000, backoff: 'exponential' as const, random: () => 0.5 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, { ...base, jitter: 'none' }))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect(backoffDelay(3, { ...base, jitter: 'full' })).toBe(200);
    expect(backoffDelay(3, { ...base, jitter: 'equal' })).toBe(300);
    expect(backoffDelay(3, { ...base, backoff: 'fixed', jitter: 'none' })).toBe(100);
    for (let attempt = 1; attempt < 20; attempt++) {
      const value = backoffDelay(attempt, { ...base, jitter: 'full', random: Math.random });
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1000);
    }
  });

  test('tool-level failures thrown as ToolFailureError keep their details', async () => {
    const precise = createTool({
      name: 'precise',
      description: 'Fails precisely',
      async execute() {
        throw new ToolFailureError(
          createToolError('TIMEOUT', 'upstream timed out', { details: { timeoutMs: 5 } }),
        );
      },
    });
    const result = await retry(precise, { attempts: 2, delayMs: 0 }).execute({
      name: 'retry-precise',
      arguments: {},
    });
    expect(result.error).toMatchObject({ code: 'TIMEOUT', category: 'timeout', details: { timeoutMs: 5 } });
  });

  test('rejects zero, negative and malformed options', () => {
    const { tool } = makeFlakyTool(0);
    for (const options of [
      { attempts: 0 },
      { attempts: -1 },
      { attempts: 1.5 },
      { delayMs: -1 },
      { delayMs: Number.POSITIVE_INFINITY },
      { maxDelayMs: Number.NaN },
      { backoff: 'linear' },
      { jitter: 'some' },
      { retryable: true },
      { onRetry: 'log' },
    ]) {
      expect(() => retry(tool, options as never)).toThrow(CompositionError);
    }
    expect(() => retry(tool, 3 as never)).toThrow(CompositionError);
  });
});
