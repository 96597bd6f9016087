import { describe, expect, test } from 'bun:test';
import { canonicalKey, isPlainData } from './canonical-key';

describe('canonicalKey', () => {
  test('is independent of key order and of undefined properties', () => {
    expect(canonicalKey({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      canonicalKey({ b: { d: 'x', c: [1, 2] }, a: 1 }),
    );
    expect(canonicalKey({ a: 1, b: undefined })).toBe(canonicalKey({ a: 1 }));
  });

  test('never confuses values of different types: JSON values get distinct keys, the rest none', () => {
    const json: unknown[] = [
      1,
      '1',
      true,
      'true',
      null,
      'null',
      [1],
      { 0: 1 },
      [1, 2],
      { $bigint: '1' },
      [null],
    ];
    const keys = json.map((value) => canonicalKey({ value }));
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(json.length);
    // Not JSON data (the encoder of @armorer/approval refuses them): never cached, so never confused with
    // the JSON value JSON.stringify would turn them into (1n and 1, a Date and its ISO text, NaN and null).
    const other: unknown[] = [
      1n,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      new Date(0),
      new Map([[1, 2]]),
      new Set([1, 2]),
      [undefined],
    ];
    for (const value of other) expect(canonicalKey([value])).toBeUndefined();
    expect(canonicalKey(new Date(0).toISOString())).toBeDefined();
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
