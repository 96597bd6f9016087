import { describe, expect, test } from 'bun:test';
import { ArmorerError } from './armorer-error';
import { StoreError, type StoreErrorCode } from './store-error';

const CODES: readonly StoreErrorCode[] = [
  'unavailable',
  'busy',
  'command-failed',
  'corrupt-record',
  'incompatible-schema',
  'closed',
];

describe('StoreError', () => {
  test('only unavailable and busy are retryable', () => {
    const retryable = CODES.filter((code) => new StoreError({ code, message: code }).retryable);
    expect(retryable).toEqual(['unavailable', 'busy']);
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
