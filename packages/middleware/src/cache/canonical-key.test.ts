import { describe, expect, test } from 'bun:test';
import { canonicalKey, isPlainData } from './canonical-key';

describe('canonicalKey', () => {
  test('is independent of key order and of undefined properties', () => {
    expect(canonicalKey({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      canonicalKey({ b: { d: 'x', c: [1, 2] }, a: 1 }),
    );
    expect(canonicalKey({ a: 1, b: undefined })).toBe(canonicalKey({ a: 1 }));
  });

  test('never confuses values of different types', () => {
    const values: unknown[] = [
      1,
      '1',
      1n,
      true,
      'true',
      null,
      'null',
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      new Date(0),
      new Date(0).toISOString(),
      [1],
      { 0: 1 },
      new Map([[1, 2]]),
      new Set([1, 2]),
      [1, 2],
      { $bigint: '1' },
      [undefined],
      [null],
    ];
    const keys = values.map((value) => canonicalKey({ value }));
    expect(new Set(keys).size).toBe(values.length);
  });

  test('orders map and set entries', () => {
    expect(canonicalKey(new Set([2, 1]))).toBe(canonicalKey(new Set([1, 2])));
    expect(
      canonicalKey(
        new Map([
          ['b', 1],
          ['a', 2],
        ]),
      ),
    ).toBe(
      canonicalKey(
        new Map([
          ['a', 2],
          ['b', 1],
        ]),
      ),
    );
  });

  test('refuses values without a faithful form', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    let deep: unknown = 'leaf';
    for (let depth = 0; depth < 100; depth++) deep = { deep };
    class Point {
      constructor(readonly x: number) {}
    }
    for (const value of [
      () => 1,
      Symbol('s'),
      cycle,
      deep,
      new Point(1),
      { nested: new Point(2) },
      new Uint8Array(2),
    ]) {
      expect(canonicalKey(value)).toBeUndefined();
      expect(isPlainData(value)).toBe(false);
    }
    // A shared (non-cyclic) reference is fine.
    const shared = { x: 1 };
    expect(canonicalKey({ a: shared, b: shared })).toBe(canonicalKey({ a: { x: 1 }, b: { x: 1 } }));
    expect(isPlainData(Object.create(null))).toBe(true);
  });
});
