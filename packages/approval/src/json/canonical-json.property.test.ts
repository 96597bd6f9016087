import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { CANONICAL_JSON_MAX_DEPTH, CanonicalJsonError, canonicalJson } from './canonical-json';

/** The code of the CanonicalJsonError `run` throws; fails when it returns or throws anything else. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CanonicalJsonError);
    expect(error).toBeInstanceOf(TypeError);
    return (error as CanonicalJsonError).code;
  }
  throw new Error('expected a CanonicalJsonError, the value was encoded');
}

/** The same value with its object keys in reverse order at every depth. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).reverse())
    out[key] = reversed((value as Record<string, unknown>)[key]);
  return out;
}

/** Deep equality of JSON data by value (-0 and 0 equal, key order ignored, prototypes ignored). */
function sameData(left: unknown, right: unknown): boolean {
  if (typeof left === 'number' && typeof right === 'number') return left === right;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return left === right;
  }
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every(
    (key) =>
      Object.hasOwn(right, key) &&
      sameData((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}

/** JSON data, with -0, lone surrogates and `__proto__` keys among the generated values. */
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'binary' }),
    fc.constantFrom('__proto__', '\ud800', '\udfff', 'a\u2028b', '"\\'),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '\ud83d')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

describe('canonicalJson (properties)', () => {
  test('the text does not depend on key order', () => {
    fc.assert(
      fc.property(data, (value) => {
        expect(canonicalJson(reversed(value))).toBe(canonicalJson(value));
      }),
      { numRuns: 500 },
    );
  });

  test('the text reads back through JSON.parse to an equal value, and is a fixed point', () => {
    fc.assert(
      fc.property(data, (value) => {
        const text = canonicalJson(value);
        const parsed: unknown = JSON.parse(text);
        expect(sameData(parsed, value)).toBe(true);
        expect(canonicalJson(parsed)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  test('different data gives different text', () => {
    fc.assert(
      fc.property(data, data, (left, right) => {
        expect(canonicalJson(left) === canonicalJson(right)).toBe(sameData(left, right));
      }),
      { numRuns: 500 },
    );
  });

  test('an own __proto__ key is data, never a prototype', () => {
    const parsed = JSON.parse('{"__proto__":{"admin":true},"b":1}') as unknown;
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"admin":true},"b":1}');
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
  });

  test('a lone surrogate is kept as its escape, so two of them never share a text', () => {
    expect(canonicalJson('\ud800')).toBe('"\\ud800"');
    expect(canonicalJson('\ud800')).not.toBe(canonicalJson('\udc00'));
    expect(canonicalJson({ '\ud800': 1 })).toBe('{"\\ud800":1}');
  });

  /** `[1, <hole>, 3]`: an array with an empty slot. */
  function sparse(): unknown[] {
    const array: unknown[] = [1];
    array[2] = 3;
    return array;
  }

  /** Values that are not JSON data, each with the code it is refused with. */
  const hostile: readonly (readonly [string, () => unknown, string])[] = [
    ['NaN', () => Number.NaN, 'non-finite-number'],
    ['Infinity', () => Number.POSITIVE_INFINITY, 'non-finite-number'],
    ['a function', () => () => 1, 'unsupported-value'],
    ['a symbol', () => Symbol('s'), 'unsupported-value'],
    ['a bigint', () => 10n, 'unsupported-value'],
    ['a Date', () => new Date(0), 'unsupported-value'],
    ['a Map', () => new Map([[1, 2]]), 'unsupported-value'],
    ['a Set', () => new Set([1]), 'unsupported-value'],
    ['a class instance', () => new (class Point {})(), 'unsupported-value'],
    ['a boxed string', () => Object('x'), 'unsupported-value'],
    ['a typed array', () => new Uint8Array(2), 'unsupported-value'],
    ['a sparse array', () => sparse(), 'sparse-array'],
    ['undefined in an array', () => [undefined], 'unsupported-value'],
  ];

  for (const [what, make, code] of hostile) {
    test(`${what} anywhere in the data is refused (${code})`, () => {
      fc.assert(
        fc.property(data, fc.boolean(), (value, asProperty) => {
          const planted = asProperty ? { value, planted: make() } : [value, make()];
          expect(refusal(() => canonicalJson(planted))).toBe(code);
          expect(refusal(() => canonicalJson({ deeper: [planted] }))).toBe(code);
        }),
        { numRuns: 50 },
      );
    });
  }

  test('undefined alone is refused; as a property value it is an absent property', () => {
    expect(refusal(() => canonicalJson(undefined))).toBe('unsupported-value');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  test('cycles, deep nesting and exponential sharing are refused', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = [cycle];
    expect(refusal(() => canonicalJson(cycle))).toBe('cycle');
    let deep: unknown = 1;
    for (let depth = 0; depth < CANONICAL_JSON_MAX_DEPTH; depth++) deep = [deep];
    expect(canonicalJson(deep)).toBe(`${'['.repeat(64)}1${']'.repeat(64)}`);
    expect(refusal(() => canonicalJson([deep]))).toBe('too-deep');
    // 2^40 leaves behind 40 shared levels: refused after a bounded number of visits, not expanded.
    let shared: unknown = 0;
    for (let level = 0; level < 40; level++) shared = [shared, shared];
    expect(refusal(() => canonicalJson(shared))).toBe('too-large');
  });

  test('convert: what JSON.stringify converts is written as what it converts to', () => {
    expect(canonicalJson({ at: new Date(0), n: 10n }, { convert: true })).toBe(
      '{"at":"1970-01-01T00:00:00.000Z","n":10}',
    );
    expect(canonicalJson(new URL('https://a.test/x'), { convert: true })).toBe('"https://a.test/x"');
    expect(refusal(() => canonicalJson(new Date(Number.NaN), { convert: true }))).toBe('invalid-date');
    expect(refusal(() => canonicalJson(new Map(), { convert: true }))).toBe('unsupported-value');
    fc.assert(
      fc.property(data, (value) => {
        expect(canonicalJson(value, { convert: true })).toBe(canonicalJson(value));
      }),
      { numRuns: 200 },
    );
  });
});
