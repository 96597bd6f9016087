import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { WordTable } from './word-table';

describe('the word table of the index', () => {
  test('finds a word from a slice of a text in any ASCII case; misses are -1', () => {
    const table = new WordTable<number>();
    table.add('github', 1);
    table.add('issue', 2);
    const text = 'Open a GitHub ISSUE';
    expect(table.valueAt(table.find(text, 7, 13))).toBe(1);
    expect(table.valueAt(table.find(text, 14, 19))).toBe(2);
    expect(table.find(text, 0, 4)).toBe(-1);
    expect(table.find(text, 7, 12)).toBe(-1);
    expect(table.size).toBe(2);
  });

  test('non-ASCII words are matched code unit for code unit', () => {
    const table = new WordTable<string>();
    table.add('café', 'a');
    table.add('邮件', 'b');
    expect(table.valueAt(table.find('un CAFé', 3, 7))).toBe('a');
    expect(table.find('un CAFÉ', 3, 7)).toBe(-1);
    expect(table.valueAt(table.find('电子邮件', 2, 4))).toBe('b');
  });

  test('agrees with a Map of lowercased words, also past growth (property)', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9é]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 1500 }), fc.array(word, { maxLength: 50 }), (added, probes) => {
        const table = new WordTable<number>();
        const reference = new Map<string, number>();
        for (const [position, text] of added.entries()) {
          const lower = text.toLowerCase();
          if (table.find(text, 0, text.length) >= 0) {
            expect(reference.has(lower)).toBe(true);
            continue;
          }
          expect(reference.has(lower)).toBe(false);
          table.add(lower, position);
          reference.set(lower, position);
        }
        for (const text of [...probes, ...added]) {
          const entry = table.find(`(${text})`, 1, text.length + 1);
          const expected = reference.get(text.toLowerCase());
          expect(entry < 0 ? undefined : table.valueAt(entry)).toBe(expected);
        }
        expect(table.size).toBe(reference.size);
      }),
      { numRuns: 40 },
    );
  });
});
