import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { equalJsonData, sameJson } from './same-json';

/** The value with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reversed(item)]),
  );
}

const texts = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);

describe('sameJson', () => {
  test('answers as comparing JSON texts does: copies, reordered keys, other values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (value, other) => {
        const copy = structuredClone(value);
        expect(sameJson(value, copy)).toBe(true);
        expect(sameJson(value, reversed(value))).toBe(texts(value, reversed(value)));
        expect(sameJson(value, other)).toBe(texts(value, other));
        expect(sameJson({ a: [value] }, { a: [other] })).toBe(texts({ a: [value] }, { a: [other] }));
      }),
      { numRuns: 500, seed: 20261202 },
    );
  });

  test('values JSON writes in its own way are compared by their texts', () => {
    expect(sameJson({ a: new Number(1) }, { a: new Number(2) })).toBe(false);
    expect(sameJson({ a: new Date(0) }, { a: new Date(0) })).toBe(true);
    expect(sameJson({ a: Number.NaN }, { a: null })).toBe(true);
    expect(sameJson({ a: undefined }, {})).toBe(true);
    expect(sameJson([undefined], [null])).toBe(true);
    const toJSON = () => 'x';
    expect(sameJson({ toJSON }, { toJSON, b: 1 })).toBe(true);
    expect(() => sameJson({ a: 1n }, { a: 1n })).toThrow();
    const tagged = Object.assign([1], { toJSON: () => 'x' });
    expect(sameJson({ a: tagged }, { a: [2] })).toBe(false);
    expect(sameJson({ a: tagged }, { a: 'x' })).toBe(true);
  });

  test('deep data is compared too, and a cycle throws as JSON.stringify does', () => {
    const deep = (depth: number, leaf: unknown): unknown =>
      depth === 0 ? leaf : { a: [deep(depth - 1, leaf)] };
    expect(sameJson(deep(300, 1), deep(300, 1))).toBe(true);
    expect(sameJson(deep(300, 1), deep(300, 2))).toBe(false);
    const left: Record<string, unknown> = { a: 1 };
    left['self'] = left;
    const right: Record<string, unknown> = { a: 1 };
    right['self'] = right;
    expect(() => sameJson(left, right)).toThrow(TypeError);
  });

  test('equalJsonData: equal data only, as code reading JSON could tell', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (value, other) => {
        expect(equalJsonData(value, structuredClone(value))).toBe(true);
        if (equalJsonData(value, other)) expect(texts(value, other)).toBe(true);
      }),
      { numRuns: 500, seed: 20261202 },
    );
    expect(equalJsonData({ a: undefined }, { a: undefined })).toBe(false);
    const holed = [1, 2, 3];
    delete holed[1];
    expect(equalJsonData(holed, [1, undefined, 3])).toBe(false);
    expect(equalJsonData({ a: 0 }, { a: -0 })).toBe(false);
    expect(equalJsonData({ a: 1 }, Object.assign(Object.create(null), { a: 1 }))).toBe(false);
    expect(equalJsonData({ a: [1, 'x', null] }, { a: [1, 'x', null] })).toBe(true);
  });
});
