import { describe, expect, test } from 'bun:test';
import { thrownCode, thrownMessage } from './thrown';

describe('reading a thrown value', () => {
  test('message and code of errors and other values', () => {
    expect(thrownMessage(new Error('boom'))).toBe('boom');
    expect(thrownMessage('text')).toBe('text');
    expect(thrownCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(thrownCode(null)).toBeUndefined();
    expect(thrownCode(42)).toBeUndefined();
  });

  test('hostile values never throw again', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(thrownMessage(hostile)).toBe('an unreadable error');
    expect(thrownCode(hostile)).toBeUndefined();
  });
});
