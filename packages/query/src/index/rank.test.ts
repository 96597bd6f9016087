import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { makeTools } from '../__fixtures__/tools';
import { parseTextQuery } from '../query/text-query';
import { resolveSource } from './index-cache';
import { rank } from './rank';
import type { SearchIndex } from './search-index';

const WORDS = ['weather', 'forecast', 'send', 'email', 'city', 'rain', 'wether', 'user', 'search', 'the'];

function ranking(index: SearchIndex, query: string, transient: boolean) {
  const text = parseTextQuery({ query, mode: 'relevance' }, 'query', 'relevance');
  if (text === undefined) throw new Error(`no words in ${query}`);
  const result = rank(index, { ...text, transient });
  return { docs: [...result.docs], scores: [...result.scores], views: result };
}

describe('a transient ranking', () => {
  test('ranks like an allocated one, for any request', () => {
    const index = resolveSource(makeTools()).index();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }), (words) => {
        const query = words.join(' ');
        const allocated = ranking(index, query, false);
        const transient = ranking(index, query, true);
        expect(transient.docs).toEqual(allocated.docs);
        expect(transient.scores).toEqual(allocated.scores);
      }),
    );
  });

  test("leaves an allocated ranking alone, and is itself replaced by the index's next ranking", () => {
    const index = resolveSource(makeTools()).index();
    const kept = ranking(index, 'weather forecast', false);
    const first = ranking(index, 'weather forecast', true);
    ranking(index, 'send email', true);
    expect([...kept.views.docs]).toEqual(kept.docs);
    expect([...kept.views.scores]).toEqual(kept.scores);
    // The transient views now show the later request's ranking (the contract: read before ranking again).
    expect([...first.views.docs]).not.toEqual(first.docs);
  });
});
