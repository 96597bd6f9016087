import { describe, expect, test } from 'bun:test';
import { threadCpuMs } from '../__fixtures__/cpu-time';
import { createRandom, hasLoneSurrogate, randomText } from '../__fixtures__/random';
import { truncateText } from './truncate-text';

describe('truncateText', () => {
  test('text within the budget is returned as is', () => {
    expect(truncateText('hello', 5)).toBe('hello');
    expect(truncateText('', 0)).toBe('');
  });

  test('the default marker names the exact number of omitted characters and fits the budget', () => {
    const text = 'x'.repeat(1000);
    for (const max of [36, 37, 40, 100, 999]) {
      const result = truncateText(text, max);
      expect(result.length).toBeLessThanOrEqual(max);
      const match = /\n…\[(\d+) more characters truncated\]$/.exec(result);
      expect(match).not.toBeNull();
      const kept = result.length - (match?.[0].length ?? 0);
      expect(Number(match?.[1])).toBe(text.length - kept);
    }
  });

  test('a custom marker is used verbatim and counted in the budget', () => {
    const result = truncateText('abcdefghijklmnopqrstuvwxyz', 10, { marker: '[cut]' });
    expect(result).toBe(`abcde[cut]`);
  });

  test('a budget too small for the marker keeps a safe prefix without one', () => {
    expect(truncateText('abcdefghij', 3, { marker: '[cut]' })).toBe('abc');
    expect(truncateText('😀😀😀😀😀', 3)).toBe('😀');
    expect(truncateText('abc', 0)).toBe('');
  });

  test('never exceeds the budget nor leaves a lone surrogate, on random text', () => {
    const random = createRandom(11);
    for (let round = 0; round < 300; round++) {
      const text = randomText(random, 80);
      const max = Math.floor(random() * (text.length + 10));
      const result = truncateText(text, max);
      expect(result.length).toBeLessThanOrEqual(Math.max(max, 0));
      expect(hasLoneSurrogate(result)).toBe(false);
      if (text.length <= max) expect(result).toBe(text);
    }
  });

  test('handles huge input quickly', () => {
    const text = 'lorem ipsum '.repeat(1_000_000);
    let result = '';
    const cpuMs = threadCpuMs(() => {
      result = truncateText(text, 4000);
    });
    expect(result.length).toBeLessThanOrEqual(4000);
    expect(cpuMs).toBeLessThan(200);
  });

  test('rejects bad budgets, text and markers', () => {
    expect(() => truncateText('abc', -5)).toThrow(RangeError);
    expect(() => truncateText('abc', Number.NaN)).toThrow(RangeError);
    expect(() => truncateText({} as never, 5)).toThrow(TypeError);
    expect(() => truncateText('abcdefgh', 5, { marker: 7 as never })).toThrow(TypeError);
  });
});
