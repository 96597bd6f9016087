import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { searchTools } from '../search/search-tools';
import { editDistance } from '../text/edit-distance';
import { Vocabulary } from './vocabulary';

describe('typo lookups of the vocabulary', () => {
  test('words with runs of equal letters are found within one and two edits', () => {
    const vocabulary = new Vocabulary();
    for (const term of ['meeting', 'bookkeeper', 'address', 'weather']) vocabulary.add(term);
    expect(vocabulary.withinDistance('meting', 1).map((found) => found.term)).toEqual(['meeting']);
    expect(vocabulary.withinDistance('boookkeepper', 2).map((found) => found.term)).toEqual(['bookkeeper']);
    expect(vocabulary.withinDistance('adress', 1).map((found) => found.term)).toEqual(['address']);
    // Memoized until the next addition, which can change the answer.
    expect(vocabulary.withinDistance('whether', 1)).toEqual([]);
    vocabulary.add('wether');
    expect(vocabulary.withinDistance('whether', 1).map((found) => found.term)).toEqual(['wether']);
  });

  test('every term one edit away is found; nothing found is farther than asked (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[ab]{2,7}$/), { maxLength: 20 }),
        fc.stringMatching(/^[ab]{2,7}$/),
        fc.integer({ min: 1, max: 2 }),
        (terms, probe, distance) => {
          const vocabulary = new Vocabulary();
          for (const term of terms) vocabulary.add(term);
          const found = vocabulary.withinDistance(probe, distance).map((candidate) => candidate.term);
          for (const term of found) expect(editDistance(probe, term, distance)).toBeLessThanOrEqual(distance);
          const oneEdit = terms.filter((term) => term !== probe && editDistance(probe, term, 1) <= 1);
          for (const term of oneEdit) expect(found).toContain(term);
          expect(new Set(found).size).toBe(found.length);
        },
      ),
    );
  });

  test('short requests meet a long word two edits away; task prose meets words one edit away', async () => {
    const toolbox = createToolbox([
      createTool({
        name: 'summarize_incident',
        description: 'Summarize an incident report',
        execute: () => null,
      }),
      createTool({ name: 'send_invoice', description: 'Send an invoice to a customer', execute: () => null }),
    ]);
    const short = await searchTools(toolbox, { query: 'sumarise incidnt', limit: 1 });
    expect(short[0]?.name).toBe('summarize_incident');
    const prose = await searchTools(toolbox, {
      query:
        'Hello, my team had a rough night and I would like you to summarise the incidnt for the weekly review please',
      limit: 1,
    });
    expect(prose[0]?.name).toBe('summarize_incident');
  });
});
