import { describe, expect, test } from 'bun:test';
import { withDeadline } from './with-deadline';

describe('withDeadline', () => {
  test('an operation that never settles rejects with what onTimeout builds', async () => {
    const timedOut = new Error('no answer');
    await expect(withDeadline(new Promise(() => {}), 5, () => timedOut)).rejects.toBe(timedOut);
  });

  test('an operation that settles in time settles the same way, and onTimeout is never called', async () => {
    let called = 0;
    const onTimeout = () => {
      called++;
      return new Error('late');
    };
    expect(await withDeadline(Promise.resolve(7), 1000, onTimeout)).toBe(7);
    const failed = new Error('refused');
    await expect(withDeadline(Promise.reject(failed), 1000, onTimeout)).rejects.toBe(failed);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(called).toBe(0);
  });

  test('a thenable whose then throws rejects with what it threw', async () => {
    const thrown = new Error('hostile');
    const hostile = {
      // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point of the test
      then() {
        throw thrown;
      },
    };
    await expect(withDeadline(hostile, 1000, () => new Error('late'))).rejects.toBe(thrown);
  });
});
