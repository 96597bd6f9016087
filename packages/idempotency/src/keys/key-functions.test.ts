import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { canonicalJson, IdempotencyKeyError } from './canonical';
import { compositeKey, fieldKey, fullInputKey, namespacedKey } from './key-functions';

/** The same object with its keys in reverse order, at every depth. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reversed(item)]),
  );
}

describe('fullInputKey', () => {
  test('does not depend on key order, nested too', () => {
    expect(fullInputKey({ b: { d: [1, { f: 1, e: 2 }], c: true }, a: 'x' })).toBe(
      fullInputKey({ a: 'x', b: { c: true, d: [1, { e: 2, f: 1 }] } }),
    );
    expect(fullInputKey({ a: 1 })).not.toBe(fullInputKey({ a: '1' }));
    expect(fullInputKey({ a: [1, 2] })).not.toBe(fullInputKey({ a: [2, 1] }));
  });

  test('equivalent JSON encodings give one key', () => {
    const encodings = [
      '{"amount":100,"note":"café"}',
      '{ "note" : "caf\\u00e9", "amount" : 1e2 }',
      '{"note":"café","amount":100.0}',
    ];
    const keys = new Set(encodings.map((text) => fullInputKey(JSON.parse(text))));
    expect(keys.size).toBe(1);
    expect(fullInputKey({ a: -0 })).toBe(fullInputKey({ a: 0 }));
    expect(fullInputKey({ a: undefined, b: 1 })).toBe(fullInputKey({ b: 1 }));
    expect(fullInputKey({ at: new Date(0) })).toBe(fullInputKey({ at: '1970-01-01T00:00:00.000Z' }));
    expect(fullInputKey({ n: 10n })).toBe('{"n":10}');
  });

  test('property: key order never changes the key; distinct JSON values give distinct keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(fullInputKey(reversed(value))).toBe(fullInputKey(value));
        expect(fullInputKey(JSON.parse(JSON.stringify(value)))).toBe(fullInputKey(value));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (left, right) => {
        const a: unknown = JSON.parse(JSON.stringify(left));
        const b: unknown = JSON.parse(JSON.stringify(right));
        // Two values share a key exactly when they are equal as data.
        expect(canonicalJson(a) === canonicalJson(b)).toBe(Bun.deepEquals(a, b));
        expect(canonicalJson(a) === canonicalJson(structuredClone(a))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('cycles and absurd nesting are typed errors, never crashes', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => fullInputKey(cyclic)).toThrow(IdempotencyKeyError);
    let deep: unknown = 1;
    for (let depth = 0; depth < 300; depth++) deep = [deep];
    expect(() => fullInputKey(deep)).toThrow(IdempotencyKeyError);
    const shared = { x: 1 };
    expect(fullInputKey({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });
});

describe('fieldKey, compositeKey, namespacedKey', () => {
  test('fieldKey reads only the named fields', () => {
    const byOrder = fieldKey<{ orderId: string; cents: number }>('orderId');
    expect(byOrder({ orderId: 'o-1', cents: 1 })).toBe(byOrder({ orderId: 'o-1', cents: 2 }));
    expect(byOrder({ orderId: 'o-1', cents: 1 })).not.toBe(byOrder({ orderId: 'o-2', cents: 1 }));
    const two = fieldKey<{ a: unknown; b: unknown }>('a', 'b');
    expect(two({ a: { y: 1, x: 2 }, b: null })).toBe(two({ b: null, a: { x: 2, y: 1 } }));
    expect(() => fieldKey()).toThrow(IdempotencyKeyError);
  });

  test('compositeKey keeps its parts apart; namespacedKey separates namespaces', () => {
    const left = compositeKey<Record<string, string>>(
      () => 'a:b',
      () => 'c',
    );
    const right = compositeKey<Record<string, string>>(
      () => 'a',
      () => 'b:c',
    );
    expect(left({})).not.toBe(right({}));
    const v1 = namespacedKey('refunds-v1', () => 'r-1');
    const v2 = namespacedKey('refunds-v2', () => 'r-1');
    expect(v1({})).not.toBe(v2({}));
    expect(namespacedKey('a:', () => 'b')({})).not.toBe(namespacedKey('a', () => ':b')({}));
    expect(() => namespacedKey('', () => 'x')).toThrow(IdempotencyKeyError);
    expect(() => compositeKey(() => 1 as unknown as string)({})).toThrow(IdempotencyKeyError);
  });
});
