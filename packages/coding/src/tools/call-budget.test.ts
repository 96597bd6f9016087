import { describe, expect, test } from 'bun:test';
import { ToolFailureError } from '@armorer/core';
import { CallBudget } from './call-budget';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CallBudget', () => {
  test('check() passes within the budget and throws a TIMEOUT tool error after it', async () => {
    const budget = new CallBudget({ timeoutMs: 20, hint: 'Try less.' });
    expect(() => budget.check()).not.toThrow();
    expect(budget.expired).toBe(false);
    await sleep(30);
    expect(budget.expired).toBe(true);
    try {
      budget.check();
      throw new Error('unreachable');
    } catch (error) {
      expect(ToolFailureError.isInstance(error)).toBe(true);
      expect((error as ToolFailureError).toolError).toMatchObject({
        code: 'TIMEOUT',
        retryable: false,
        message: 'The call did not finish within 20 ms. Try less.',
        details: { timeoutMs: 20 },
      });
    }
  });

  test('onExpire fires once when the budget runs out, or when the signal aborts, unless cancelled', async () => {
    let fired = 0;
    new CallBudget({ timeoutMs: 10, hint: '' }).onExpire(() => fired++);
    await sleep(30);
    expect(fired).toBe(1);

    const controller = new AbortController();
    const budget = new CallBudget({ timeoutMs: 10_000, signal: controller.signal, hint: '' });
    let aborted = 0;
    budget.onExpire(() => aborted++);
    controller.abort(new Error('stop'));
    controller.abort();
    expect(aborted).toBe(1);
    expect(() => budget.check()).toThrow('stop');

    let cancelled = 0;
    const stop = new CallBudget({ timeoutMs: 10, hint: '' }).onExpire(() => cancelled++);
    stop();
    await sleep(30);
    expect(cancelled).toBe(0);
  });
});
