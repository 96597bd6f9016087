import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { canonicalJson, IdempotencyKeyError } from './canonical';
import { fieldKey, fullInputKey } from './key-functions';

/** The code of the IdempotencyKeyError `run` throws; fails when it returns or throws anything else. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IdempotencyKeyError);
    return (error as IdempotencyKeyError).code;
  }
  throw new Error('expected an IdempotencyKeyError, the key was derived');
}

/** JSON data (no -0: JSON.parse gives 0 back, and numbers are keyed by value). */
const data = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

/** A copy of `value` with `hostile` placed at a position chosen by `path` (inside an array or object). */
function planted(value: unknown, hostile: unknown, path: readonly number[], asProperty: boolean): unknown {
  const [step, ...rest] = path;
  if (step === undefined || typeof value !== 'object' || value === null) {
    return asProperty ? { planted: hostile, value } : [value, hostile];
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return asProperty ? { planted: hostile } : [hostile];
    const index = step % value.length;
    return value.map((item, at) => (at === index ? planted(item, hostile, rest, asProperty) : item));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return asProperty ? { planted: hostile } : [hostile];
  const key = keys[step % keys.length] as string;
  return {
    ...(value as object),
    [key]: planted((value as Record<string, unknown>)[key], hostile, rest, asProperty),
  };
}

/** `[1, <hole>, 3]`: an array with an empty slot. */
function sparse(): unknown[] {
  const array: unknown[] = [1];
  array[2] = 3;
  return array;
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

/** Values JSON would write unfaithfully (as null, as {}, or not at all), each with the code it is refused with. */
const HOSTILE: readonly (readonly [string, () => unknown, string, boolean])[] = [
  // [what, value, code, refused even as an object property]
  ['NaN', () => Number.NaN, 'non-finite-number', true],
  ['Infinity', () => Number.POSITIVE_INFINITY, 'non-finite-number', true],
  ['-Infinity', () => Number.NEGATIVE_INFINITY, 'non-finite-number', true],
  ['a function', () => () => 1, 'unsupported-value', true],
  ['a symbol', () => Symbol('s'), 'unsupported-value', true],
  ['a Map', () => new Map([[1, 2]]), 'unsupported-value', true],
  ['a Set', () => new Set([1]), 'unsupported-value', true],
  ['a RegExp', () => /a+/g, 'unsupported-value', true],
  ['an Error', () => new Error('x'), 'unsupported-value', true],
  ['a class instance', () => new Point(1, 2), 'unsupported-value', true],
  ['a boxed number', () => Object(5), 'unsupported-value', true],
  ['a typed array', () => new Uint8Array([1, 2]), 'unsupported-value', true],
  ['an invalid Date', () => new Date(Number.NaN), 'invalid-date', true],
  ['a sparse array', () => sparse(), 'sparse-array', true],
  // undefined means "absent" as a property value (as in JSON), but has no JSON form in an array.
  ['undefined', () => undefined, 'unsupported-value', false],
];

describe('canonical keys refuse what JSON cannot represent faithfully', () => {
  for (const [what, make, code, asProperty] of HOSTILE) {
    test(`property: ${what} anywhere in the input is refused (${code})`, () => {
      fc.assert(
        fc.property(data, fc.array(fc.nat(), { maxLength: 6 }), (value, path) => {
          expect(refusal(() => fullInputKey(planted(value, make(), path, false)))).toBe(code);
          if (asProperty) expect(refusal(() => canonicalJson(planted(value, make(), path, true)))).toBe(code);
        }),
        { numRuns: 60 },
      );
    });
  }

  test('undefined alone is refused; as a property value it is an absent property', () => {
    expect(refusal(() => canonicalJson(undefined))).toBe('unsupported-value');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe(canonicalJson({ b: 1 }));
  });

  test('what is kept: -0 is 0, a Date is its ISO text, a bigint its exact integer, URL its href', () => {
    expect(fullInputKey({ a: -0 })).toBe(fullInputKey({ a: 0 }));
    expect(fullInputKey({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    expect(fullInputKey({ n: 10n })).toBe('{"n":10}');
    expect(fullInputKey({ n: 2n ** 64n })).toBe('{"n":18446744073709551616}');
    expect(fullInputKey({ n: 2n ** 64n + 1n })).not.toBe(fullInputKey({ n: 2n ** 64n }));
    // A bigint is never its decimal text with an n: the string "10n" is another key.
    expect(fullInputKey({ n: 10n })).not.toBe(fullInputKey({ n: '10n' }));
    expect(fullInputKey({ to: new URL('https://a.test/x') })).toBe('{"to":"https://a.test/x"}');
    expect(fullInputKey(Object.assign(Object.create(null), { b: 1, a: 2 }))).toBe('{"a":2,"b":1}');
  });

  test('property: an accepted key decodes back to the data it was made from', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withNullPrototype: true,
          withObjectString: true,
          maxDepth: 3,
        }),
        (value) => {
          let text: string;
          try {
            text = canonicalJson(value);
          } catch (error) {
            expect(error).toBeInstanceOf(IdempotencyKeyError);
            return;
          }
          expect(JSON.parse(text)).toEqual(asData(value));
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** The data a value stands for: -0 as 0, Dates as ISO text, safe bigints as numbers, absent properties gone. */
function asData(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value === 0 ? 0 : value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(asData);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = asData(item);
  }
  return out;
}

describe('fieldKey refuses a call that lacks a named field', () => {
  test('an absent or undefined field is refused (missing-field); null is a value', () => {
    const byOrder = fieldKey<{ orderId?: string | null | undefined; cents: number }>('orderId');
    expect(refusal(() => byOrder({ cents: 1 }))).toBe('missing-field');
    expect(refusal(() => byOrder({ orderId: undefined, cents: 1 }))).toBe('missing-field');
    expect(refusal(() => byOrder(undefined as never))).toBe('missing-field');
    expect(byOrder({ orderId: null, cents: 1 })).toBe('[["orderId",null]]');
    // An inherited name is no field of the call.
    expect(refusal(() => fieldKey<Record<string, unknown>>('toString')({}))).toBe('missing-field');
  });

  test('property: a key is derived exactly when every named field is present, and never shared by two calls missing one', () => {
    const names = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 3 });
    const record = fc.dictionary(
      fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      fc.oneof(data, fc.constant(undefined)),
    );
    fc.assert(
      fc.property(names, record, (fields, params) => {
        const key = fieldKey<Record<string, unknown>>(...fields);
        const missing = fields.some((name) => !Object.hasOwn(params, name) || params[name] === undefined);
        if (missing) expect(refusal(() => key(params))).toBe('missing-field');
        else expect(typeof key(params)).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
