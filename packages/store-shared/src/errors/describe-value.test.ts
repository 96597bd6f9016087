import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { describeValue } from './describe-value';

describe('describeValue', () => {
  test('names the clients a newcomer mixes up', () => {
    expect(describeValue({ evalsha() {}, status: 'ready' })).toBe('an ioredis client');
    expect(describeValue({ evalSha() {}, isOpen: true })).toBe('a node-redis client');
    expect(describeValue({ query() {}, connect() {}, totalCount: 0 })).toBe('a pg Pool');
    expect(describeValue({ query() {}, connect() {} })).toBe('a pg Client');
    expect(describeValue('redis://x')).toBe('the string "redis://x"');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(new (class Thing {})())).toBe('an object (Thing)');
  });

  test('never throws, whatever it is given (generated values and a hostile proxy)', () => {
    fc.assert(fc.property(fc.anything(), (value) => expect(typeof describeValue(value)).toBe('string')));
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
    expect(describeValue(hostile)).toBe('a value that cannot be inspected');
  });
});
