import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { canonicalJson, jsonEqual } from './canonical-json';

describe('canonical JSON', () => {
  test('sorts keys, drops undefined properties and writes arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined })).toBe('{"a":[true,null,"x"],"b":1}');
    // An array item has no "absent": undefined there is refused rather than written as null (JSON.stringify's
    // choice, which made [undefined] and [null] one text).
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(canonicalJson({ __proto__: null, z: 1 } as unknown)).toBe('{"z":1}');
  });

  test('refuses what is not JSON data', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    let deep: unknown = 1;
    for (let index = 0; index < 100; index++) deep = [deep];
    for (const bad of [
      () => 1,
      Symbol('x'),
      1n,
      Number.NaN,
      Infinity,
      new Date(),
      new Map(),
      cyclic,
      deep,
      undefined,
    ]) {
      expect(() => canonicalJson(bad)).toThrow(TypeError);
    }
  });

  test('finite numbers are written exactly as JSON.stringify writes them (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(canonicalJson(value)).toBe(JSON.stringify(value));
        expect(canonicalJson([value, { n: value }])).toBe(JSON.stringify([value, { n: value }]));
      }),
    );
    for (const value of [-0, 0, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, -1.5e300, 123456789012345680000]) {
      expect(canonicalJson(value)).toBe(JSON.stringify(value));
    }
  });

  test('equal JSON values give equal text, whatever the key order (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = JSON.parse(JSON.stringify(value)) as unknown;
        const reversed = JSON.parse(
          JSON.stringify(value, (_key, item) =>
            typeof item === 'object' && item !== null && !Array.isArray(item)
              ? Object.fromEntries(Object.entries(item).reverse())
              : item,
          ),
        ) as unknown;
        expect(canonicalJson(reversed)).toBe(canonicalJson(parsed));
        expect(JSON.parse(canonicalJson(parsed))).toEqual(parsed);
        expect(jsonEqual(parsed, reversed)).toBe(true);
      }),
    );
  });

  test('jsonEqual tells different values apart', () => {
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(Number.NaN, Number.NaN)).toBe(false);
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(jsonEqual(a, b)).toBe(
          canonicalJson(JSON.parse(JSON.stringify(a))) === canonicalJson(JSON.parse(JSON.stringify(b))),
        );
      }),
    );
  });
});
