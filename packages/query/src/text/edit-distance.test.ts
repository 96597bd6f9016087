import { expect, test } from 'bun:test';
import { editDistance } from './edit-distance';

test('counts insertions, deletions, substitutions and transpositions, bounded', () => {
  expect(editDistance('weather', 'weather', 2)).toBe(0);
  expect(editDistance('wether', 'weather', 2)).toBe(1);
  expect(editDistance('emial', 'email', 2)).toBe(1);
  expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  expect(editDistance('', 'abc', 5)).toBe(3);
  expect(editDistance('a', 'abcdef', 2)).toBe(3);
});
