import { describe, expect, test } from 'bun:test';
import { createRandom, randomBase64 } from '../__fixtures__/random';
import { DEFAULT_ERROR_MAX_CHARACTERS, DEFAULT_MAX_CHARACTERS } from '../constants';
import { truncateToolResultContent } from './truncate-tool-result-content';

const image = `data:image/png;base64,${randomBase64(createRandom(5), 20_000)}`;

describe('truncateToolResultContent', () => {
  test('strips base64 before measuring, so a small text with an image is not truncated', () => {
    const content = `Here is the chart: ${image}. The trend is up.`;
    const result = truncateToolResultContent(content, { maxCharacters: 200 });
    expect(result).toStartWith('Here is the chart: [base64 image/png data omitted:');
    expect(result).toEndWith('. The trend is up.');
  });

  test('applies the default budgets for results and errors', () => {
    const long = 'x'.repeat(50_000);
    expect(truncateToolResultContent(long).length).toBeLessThanOrEqual(DEFAULT_MAX_CHARACTERS);
    expect(truncateToolResultContent(long).length).toBeGreaterThan(DEFAULT_MAX_CHARACTERS - 50);
    const error = truncateToolResultContent(long, { isError: true });
    expect(error.length).toBeLessThanOrEqual(DEFAULT_ERROR_MAX_CHARACTERS);
    expect(error.length).toBeGreaterThan(DEFAULT_ERROR_MAX_CHARACTERS - 50);
  });

  test('honours maxCharacters, errorMaxCharacters, marker, placeholder and stripBase64: false', () => {
    const long = 'y'.repeat(500);
    expect(truncateToolResultContent(long, { maxCharacters: 100, marker: '…' })).toBe(`${'y'.repeat(99)}…`);
    expect(truncateToolResultContent(long, { isError: true, errorMaxCharacters: 10, marker: '!' })).toBe(
      `${'y'.repeat(9)}!`,
    );
    expect(truncateToolResultContent(`a ${image} b`, { base64Placeholder: '[img]' })).toBe('a [img] b');
    const kept = truncateToolResultContent(`a ${image}`, { stripBase64: false, maxCharacters: 100 });
    expect(kept).toStartWith('a data:image/png;base64,');
    expect(kept.length).toBeLessThanOrEqual(100);
  });

  test('a zero budget yields an empty string', () => {
    expect(truncateToolResultContent('abc', { maxCharacters: 0 })).toBe('');
  });

  test('rejects negative budgets and non-string content', () => {
    expect(() => truncateToolResultContent('abc', { maxCharacters: -1 })).toThrow(RangeError);
    expect(() => truncateToolResultContent('abc', { isError: true, errorMaxCharacters: -1 })).toThrow(
      /errorMaxCharacters/,
    );
    expect(() => truncateToolResultContent({ text: 'abc' } as never)).toThrow(TypeError);
    expect(() => truncateToolResultContent(123 as never)).toThrow(TypeError);
  });
});
