import { describe, expect, test } from 'bun:test';
import { ArmorerError } from './armorer-error';
import { StoreError, type StoreErrorCode } from './store-error';

const CODES: readonly StoreErrorCode[] = [
  'unavailable',
  'timeout',
  'busy',
  'closed',
  'misconfigured',
  'command-failed',
  'corrupt-record',
  'incompatible-schema',
];

describe('StoreError', () => {
  test('a lost connection, a deadline and a lock are retryable; a closed or misconfigured store is not', () => {
    const retryable = CODES.filter((code) => new StoreError({ code, message: code }).retryable);
    expect(retryable).toEqual(['unavailable', 'timeout', 'busy']);
  });

  test('a retryable error says how long to wait; the others carry no retryAfterMs', () => {
    for (const code of CODES) {
      const error = new StoreError({ code, message: code });
      if (error.retryable) expect(error.retryAfterMs).toBeGreaterThan(0);
      else expect('retryAfterMs' in error).toBe(false);
    }
    expect(new StoreError({ code: 'timeout', message: 't', retryAfterMs: 12.2 }).retryAfterMs).toBe(13);
    expect('retryAfterMs' in new StoreError({ code: 'closed', message: 'c', retryAfterMs: 5 })).toBe(false);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '5' as never]) {
      expect(new StoreError({ code: 'unavailable', message: 'u', retryAfterMs: bad }).retryAfterMs).toBe(
        1000,
      );
    }
  });

  test('is an armorer error with its name, code, message and cause', () => {
    const cause = new Error('socket closed');
    const error = new StoreError({ code: 'unavailable', message: 'down', cause });
    expect(error).toBeInstanceOf(ArmorerError);
    expect(error).toMatchObject({ name: 'StoreError', code: 'unavailable', message: 'down', cause });
    expect(ArmorerError.isInstance(error)).toBe(true);
    expect(StoreError.isInstance(error)).toBe(true);
    expect('cause' in new StoreError({ code: 'closed', message: 'closed' })).toBe(false);
  });

  test('isInstance recognizes a copy from another install and refuses look-alikes', () => {
    const marker = Symbol.for('armorer.error');
    const copy = Object.assign(new Error('x'), { name: 'StoreError', code: 'busy', [marker]: true });
    expect(StoreError.isInstance(copy)).toBe(true);
    expect(StoreError.isInstance(Object.assign(new Error('x'), { name: 'StoreError' }))).toBe(false);
    expect(StoreError.isInstance(new ArmorerError({ code: 'X', message: 'x' }))).toBe(false);
    for (const value of [undefined, null, 'StoreError', 1, {}])
      expect(StoreError.isInstance(value)).toBe(false);
  });
});
