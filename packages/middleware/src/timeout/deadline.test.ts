import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { Deadline, DeadlineQueue } from './deadline';

const signal = () => new AbortController().signal;

describe('DeadlineQueue', () => {
  test('holds the process only while a deadline is live', () => {
    const queue = new DeadlineQueue();
    expect(queue.holdsProcess).toBe(false);
    const first = new Deadline('a', 60_000, signal);
    const second = new Deadline('b', 60_000, signal);
    queue.add(first);
    queue.add(second);
    expect(queue.holdsProcess).toBe(true);
    queue.settled(first);
    expect(queue.holdsProcess).toBe(true);
    queue.settled(second);
    expect(queue.holdsProcess).toBe(false);
    const third = new Deadline('c', 60_000, signal);
    queue.add(third);
    expect(queue.holdsProcess).toBe(true);
    queue.settled(third);
    expect(queue.holdsProcess).toBe(false);
  });

  test('any order of adds and settles: the process is held exactly while some deadline is live', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 200 }), (steps) => {
        const queue = new DeadlineQueue();
        const live: Deadline[] = [];
        for (const add of steps) {
          if (add || live.length === 0) {
            const deadline = new Deadline('t', 60_000, signal);
            queue.add(deadline);
            live.push(deadline);
          } else queue.settled(live.shift() as Deadline);
          expect(queue.holdsProcess).toBe(live.length > 0);
        }
        for (const deadline of live) queue.settled(deadline);
        expect(queue.holdsProcess).toBe(false);
      }),
    );
  });

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
