import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { CANONICAL_JSON_MAX_VALUES, CanonicalJsonError, canonicalJson } from './canonical-json';

/** Values a walk visits: every object, array and leaf (a property whose value is undefined counts too). */
function countValues(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  return 1 + Object.values(value).reduce<number>((sum, item) => sum + countValues(item), 0);
}

/** Characters of strings and keys the encoder writes. */
function countText(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + countText(item), 0);
  return Object.entries(value).reduce((sum, [key, item]) => sum + key.length + countText(item), 0);
}

function tooLarge(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch (error) {
    return error instanceof CanonicalJsonError && error.code === 'too-large';
  }
}

describe('canonicalJson limits set by the caller', () => {
  test('maxValues: exactly the values a value has pass, one fewer is too large', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const values = countValues(value);
        expect(canonicalJson(value, { maxValues: values })).toBe(canonicalJson(value));
        expect(tooLarge(() => canonicalJson(value, { maxValues: values - 1 }))).toBe(true);
      }),
    );
  });

  test('maxLength: exactly the characters of strings and keys pass, one fewer is too large', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const length = countText(value);
        expect(canonicalJson(value, { maxLength: length })).toBe(canonicalJson(value));
        if (length > 0) expect(tooLarge(() => canonicalJson(value, { maxLength: length - 1 }))).toBe(true);
      }),
    );
  });

  test('a shared string is counted each time it is reached', () => {
    const text = 'x'.repeat(1000);
    const shared = Array.from({ length: 100 }, () => text);
    expect(tooLarge(() => canonicalJson(shared, { maxLength: 99_999 }))).toBe(true);
    // 100 quoted strings, 99 commas, two brackets.
    expect(canonicalJson(shared, { maxLength: 100_000 })).toHaveLength(100 * 1002 + 99 + 2);
  });

  test('maxValues never raises the bound above the default', () => {
    let level: unknown[] = [0, 0];
    for (let depth = 0; depth < 20; depth++) level = [level, level];
    expect(countValues(level)).toBeGreaterThan(CANONICAL_JSON_MAX_VALUES);
    expect(tooLarge(() => canonicalJson(level, { maxValues: Number.MAX_SAFE_INTEGER }))).toBe(true);
  });
});
