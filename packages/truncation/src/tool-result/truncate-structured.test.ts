import { describe, expect, test } from 'bun:test';
import { threadCpuMs } from '../__fixtures__/cpu-time';
import { createRandom, hasLoneSurrogate, randomBase64, randomText } from '../__fixtures__/random';
import { DEFAULT_MAX_CHARACTERS } from '../constants';
import { truncateToolResultContentStructured } from './truncate-structured';
import { headByBytes, tailByBytes, utf8Length } from './utf8';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).byteLength;

describe('UTF-8 measurement', () => {
  test('matches TextEncoder, lone surrogates included', () => {
    const random = createRandom(13);
    for (let round = 0; round < 200; round++) {
      const text = randomText(random, 60);
      expect(utf8Length(text)).toBe(bytes(text));
    }
    for (const text of ['\ud800', '\udc00', 'a\ud800b', '\udc00\ud800', ''])
      expect(utf8Length(text)).toBe(bytes(text));
  });

  test('head and tail fit their budgets and never split a pair', () => {
    const random = createRandom(17);
    for (let round = 0; round < 300; round++) {
      const text = randomText(random, 50);
      const budget = Math.floor(random() * (bytes(text) + 4));
      const head = headByBytes(text, budget);
      const tail = tailByBytes(text, budget);
      expect(bytes(head)).toBeLessThanOrEqual(budget);
      expect(bytes(tail)).toBeLessThanOrEqual(budget);
      expect(text.startsWith(head) && text.endsWith(tail)).toBe(true);
      expect(hasLoneSurrogate(head) || hasLoneSurrogate(tail)).toBe(false);
      // Maximal: one more code point would not fit.
      const nextWidth = (text.codePointAt(head.length) ?? 0) > 0xffff ? 2 : 1;
      const nextHead = text.slice(0, head.length + nextWidth);
      if (head.length < text.length) expect(bytes(nextHead)).toBeGreaterThan(budget);
    }
  });
});

describe('truncateToolResultContentStructured', () => {
  test('content within the budget comes back whole', () => {
    const result = truncateToolResultContentStructured('héllo', { maxBytes: 6 });
    expect(result).toEqual({ head: 'héllo', tail: '', originalSize: 6, omittedBytes: 0, truncated: false });
  });

  test('keeps head and tail, and the byte counts add up', () => {
    const random = createRandom(19);
    for (let round = 0; round < 200; round++) {
      const text = randomText(random, 200);
      const maxBytes = Math.floor(random() * bytes(text));
      const result = truncateToolResultContentStructured(text, { maxBytes });
      expect(result.originalSize).toBe(bytes(text));
      expect(result.truncated).toBe(bytes(text) > maxBytes);
      expect(bytes(result.head) + bytes(result.tail)).toBeLessThanOrEqual(maxBytes);
      expect(result.omittedBytes).toBe(result.originalSize - bytes(result.head) - bytes(result.tail));
      expect(text.startsWith(result.head) && text.endsWith(result.tail)).toBe(true);
      expect(hasLoneSurrogate(result.head) || hasLoneSurrogate(result.tail)).toBe(false);
    }
  });

  test('measures after base64 replacement', () => {
    const payload = randomBase64(createRandom(23), 10_000);
    const content = `start data:image/png;base64,${payload} end`;
    const result = truncateToolResultContentStructured(content, { maxBytes: 1000 });
    expect(result.truncated).toBe(false);
    expect(result.head).toStartWith('start [base64 image/png data omitted');
    expect(result.originalSize).toBe(bytes(result.head));
    const raw = truncateToolResultContentStructured(content, { maxBytes: 1000, stripBase64: false });
    expect(raw.truncated).toBe(true);
    expect(raw.originalSize).toBe(bytes(content));
    expect(truncateToolResultContentStructured(content, { base64Placeholder: '<img>' }).head).toBe(
      'start <img> end',
    );
  });

  test('honours headBytes and tailBytes, capped by maxBytes', () => {
    const text = 'a'.repeat(100);
    expect(truncateToolResultContentStructured(text, { maxBytes: 10, headBytes: 7 })).toMatchObject({
      head: 'a'.repeat(7),
      tail: 'a'.repeat(3),
      omittedBytes: 90,
    });
    expect(
      truncateToolResultContentStructured(text, { maxBytes: 10, headBytes: 50, tailBytes: 50 }),
    ).toMatchObject({
      head: 'a'.repeat(10),
      tail: '',
    });
    expect(truncateToolResultContentStructured(text, { maxBytes: 10, tailBytes: 2 })).toMatchObject({
      head: 'a'.repeat(5),
      tail: 'aa',
      omittedBytes: 93,
    });
  });

  test('uses DEFAULT_MAX_CHARACTERS as the default byte budget; a zero budget omits everything', () => {
    const text = 'é'.repeat(DEFAULT_MAX_CHARACTERS);
    const result = truncateToolResultContentStructured(text);
    expect(result.truncated).toBe(true);
    expect(bytes(result.head) + bytes(result.tail)).toBe(DEFAULT_MAX_CHARACTERS);
    expect(truncateToolResultContentStructured('abc', { maxBytes: 0 })).toMatchObject({
      head: '',
      tail: '',
      omittedBytes: 3,
      truncated: true,
    });
  });

  test('handles huge input', () => {
    const huge = '日本語のテキスト😀'.repeat(200_000);
    let result = truncateToolResultContentStructured('', { maxBytes: 4096 });
    const cpuMs = threadCpuMs(() => {
      result = truncateToolResultContentStructured(huge, { maxBytes: 4096 });
    });
    expect(result.omittedBytes).toBe(bytes(huge) - bytes(result.head) - bytes(result.tail));
    expect(cpuMs).toBeLessThan(500);
  });

  test('rejects bad budgets and non-string content', () => {
    expect(() => truncateToolResultContentStructured('abc', { maxBytes: -1 })).toThrow(RangeError);
    expect(() => truncateToolResultContentStructured('abc', { headBytes: Number.NaN })).toThrow(RangeError);
    expect(() => truncateToolResultContentStructured('abc', { tailBytes: -3 })).toThrow(RangeError);
    expect(() => truncateToolResultContentStructured(Buffer.from('abc') as never)).toThrow(TypeError);
  });
});
