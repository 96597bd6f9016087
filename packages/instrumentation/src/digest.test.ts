import { describe, expect, test } from 'bun:test';
import { sha256Hex } from '@armorer/approval';
import fc from 'fast-check';
import { digestOf } from './digest';

describe("sha256Hex (approval's helper, which digests use)", () => {
  test('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('a'.repeat(1000))).toBe(
      '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3',
    );
  });

  test('agrees with the platform SHA-256 on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const expected = new Bun.CryptoHasher('sha256').update(text).digest('hex');
        expect(sha256Hex(text)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('digestOf', () => {
  test('is order-independent and reads JSON strings as the values they encode', () => {
    expect(digestOf({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(digestOf('{"b":[1,{"d":3,"c":2}],"a":1}'));
    expect(digestOf('not json')).toBe(`sha256:${sha256Hex('"not json"')}`);
    // A bigint is not JSON data: no digest (it was digested as the string "10n", one handle with that string).
    expect(digestOf(10n)).toBeUndefined();
    expect(digestOf('"10n"')).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  test('never throws: cycles, throwing getters and functions yield undefined or a digest', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const hostile = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    expect(digestOf(cycle)).toBeUndefined();
    expect(digestOf(hostile)).toBeUndefined();
    expect(digestOf(() => 1)).toBeUndefined();
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const digest = digestOf(value);
        expect(digest === undefined || /^sha256:[0-9a-f]{64}$/.test(digest)).toBe(true);
      }),
    );
  });
});
