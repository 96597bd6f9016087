import { describe, expect, test } from 'bun:test';
import { Deadline, DeadlineQueue } from './deadline';

const signal = () => new AbortController().signal;

describe('DeadlineQueue', () => {
  test('keeps memory proportional to the calls in flight', () => {
    const queue = new DeadlineQueue();
    const longRunning = new Deadline('slow', 60_000, signal);
    queue.add(longRunning);
    for (let index = 0; index < 10_000; index++) {
      const deadline = new Deadline('fast', 60_000, signal);
      queue.add(deadline);
      queue.settled(deadline);
    }
    expect(queue.size).toBeLessThan(200);
    queue.settled(longRunning);
    queue.settled(longRunning);
    expect(longRunning.settled).toBe(true);
  });

  test('expires due deadlines in order with one timer, and skips settled ones', async () => {
    const queue = new DeadlineQueue();
    const expired: string[] = [];
    const make = (name: string, ms: number) => {
      const deadline = new Deadline(name, ms, signal);
      deadline.onExpire(() => expired.push(name));
      queue.add(deadline);
      return deadline;
    };
    make('a', 5);
    const b = make('b', 5);
    make('c', 10);
    queue.settled(b);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(expired).toEqual(['a', 'c']);
    expect(queue.size).toBe(0);
  });

  test('the signal exists only once read, follows the caller, and aborts with a TimeoutError', async () => {
    const caller = new AbortController();
    const deadline = new Deadline('tool', 5, () => caller.signal);
    const followed = deadline.signal;
    caller.abort(new Error('stop'));
    expect((followed.reason as Error).message).toBe('stop');
    const queue = new DeadlineQueue();
    const late = new Deadline('tool', 1, signal);
    queue.add(late);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(late.expired).toBe(true);
    expect((late.signal.reason as Error).name).toBe('TimeoutError');
    expect(late.failure().toolError).toMatchObject({ code: 'TIMEOUT', details: { timeoutMs: 1 } });
  });
});
