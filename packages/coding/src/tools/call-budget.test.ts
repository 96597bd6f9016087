import { afterEach, describe, expect, jest, test } from 'bun:test';
import { ToolFailureError } from '@armorer/core';
import { CallBudget } from './call-budget';

// Fake timers move performance.now() and fire timers only when the test advances them: a budget runs out
// exactly when its time has passed, however slowly a loaded machine runs the test.
afterEach(() => jest.useRealTimers());

describe('CallBudget', () => {
  test('check() passes within the budget and throws a TIMEOUT tool error after it', () => {
    jest.useFakeTimers();
    const budget = new CallBudget({ timeoutMs: 20, hint: 'Try less.' });
    expect(() => budget.check()).not.toThrow();
    jest.advanceTimersByTime(19);
    expect(budget.expired).toBe(false);
    expect(() => budget.check()).not.toThrow();
    jest.advanceTimersByTime(1);
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

  test('onExpire fires once when the budget runs out, or when the signal aborts, unless cancelled', () => {
    jest.useFakeTimers();
    let fired = 0;
    new CallBudget({ timeoutMs: 10, hint: '' }).onExpire(() => fired++);
    jest.advanceTimersByTime(9);
    expect(fired).toBe(0);
    jest.advanceTimersByTime(1);
    expect(fired).toBe(1);
    jest.advanceTimersByTime(30);
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
    jest.advanceTimersByTime(30);
    expect(cancelled).toBe(0);
  });
});
