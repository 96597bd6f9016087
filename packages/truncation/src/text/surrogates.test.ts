import { describe, expect, test } from 'bun:test';
import { createRandom, hasLoneSurrogate, randomText } from '../__fixtures__/random';
import { isHighSurrogate, isLowSurrogate, safeSlice } from './surrogates';

describe('surrogate predicates', () => {
  test('classify the two halves of a pair and nothing else', () => {
    const emoji = '😀';
    expect(isHighSurrogate(emoji.charCodeAt(0))).toBe(true);
    expect(isLowSurrogate(emoji.charCodeAt(1))).toBe(true);
    expect(isHighSurrogate(emoji.charCodeAt(1))).toBe(false);
    expect(isLowSurrogate(emoji.charCodeAt(0))).toBe(false);
    for (const code of [0, 0x41, 0xd7ff, 0xe000, 0xffff, Number.NaN, -1]) {
      expect(isHighSurrogate(code)).toBe(false);
      expect(isLowSurrogate(code)).toBe(false);
    }
    expect([0xd800, 0xdbff].every(isHighSurrogate)).toBe(true);
    expect([0xdc00, 0xdfff].every(isLowSurrogate)).toBe(true);
  });
});

describe('safeSlice', () => {
  test('never cuts inside a surrogate pair, at any length', () => {
    const text = 'a😀b👍🏽𝄞c';
    for (let max = 0; max <= text.length + 1; max++) {
      const slice = safeSlice(text, max);
      expect(slice.length).toBeLessThanOrEqual(max);
      expect(text.startsWith(slice)).toBe(true);
      expect(hasLoneSurrogate(slice)).toBe(false);
      // It gives up at most the one unit of the pair it refused to split.
      expect(slice.length).toBeGreaterThanOrEqual(Math.min(max, text.length) - 1);
    }
  });

  test('holds on random text', () => {
    const random = createRandom(7);
    for (let round = 0; round < 300; round++) {
      const text = randomText(random, 40);
      const max = Math.floor(random() * (text.length + 2));
      const slice = safeSlice(text, max);
      expect(hasLoneSurrogate(slice)).toBe(false);
      expect(slice.length).toBeLessThanOrEqual(max);
    }
  });

  test('returns short text unchanged, rounds fractional limits down and accepts Infinity', () => {
    expect(safeSlice('abc', 10)).toBe('abc');
    expect(safeSlice('abcdef', 2.9)).toBe('ab');
    expect(safeSlice('abc', Number.POSITIVE_INFINITY)).toBe('abc');
    expect(safeSlice('abc', 0)).toBe('');
  });

  test('rejects negative, NaN and non-number limits and non-string text', () => {
    expect(() => safeSlice('abc', -1)).toThrow(RangeError);
    expect(() => safeSlice('abc', Number.NaN)).toThrow(RangeError);
    expect(() => safeSlice('abc', '2' as never)).toThrow(RangeError);
    expect(() => safeSlice(42 as never, 2)).toThrow(TypeError);
    expect(() => safeSlice(undefined as never, 2)).toThrow(/expects a string/);
  });
});
