import { describe, expect, test } from 'bun:test';
import { type AnyTool, createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { searchTools } from '../search/search-tools';
import { stem } from '../text/stem';
import { nameCompounds } from './name-compounds';
import { SearchIndex } from './search-index';

const tool = (name: string, description: string): AnyTool =>
  createTool({ name, description, execute: () => null });

function indexOf(tools: readonly AnyTool[]): SearchIndex {
  const index = new SearchIndex();
  for (const item of tools) index.add(item);
  return index;
}

/** Part term -> tool names, for readable assertions. */
function partsByName(index: SearchIndex): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [part, docs] of nameCompounds(index))
    out[part] = docs.map((doc) => index.tools[doc]?.name ?? '');
  return out;
}

describe('nameCompounds', () => {
  test('a lowercase name word made of catalog words is read as those words', () => {
    const index = indexOf([
      tool('getrandompassword_for_chunk', 'Get a random string'),
      tool('getuserbyname_for_store', 'Returns the user with this name'),
      tool('password_tools', 'Password strength'),
    ]);
    const parts = partsByName(index);
    expect(parts[stem('random')]).toEqual(['getrandompassword_for_chunk']);
    expect(parts[stem('password')]).toEqual(['getrandompassword_for_chunk']);
    // `by` is a stopword inside the compound: allowed as a part, never recorded.
    expect(parts[stem('user')]).toEqual(['getuserbyname_for_store']);
    expect(parts.by).toBeUndefined();
  });

  test('camelCase runs, words of the descriptions and unsplittable words are left alone', () => {
    const index = indexOf([
      tool('analyzeEvidence', 'Analyze the evidence'),
      tool('passwordless_login', 'Sign in with a passwordless link'),
      tool('xqzvbnmwt_api', 'Something else'),
    ]);
    expect(nameCompounds(index).size).toBe(0);
  });

  test('tools added later are read on the next use', () => {
    const index = indexOf([tool('weather_today', 'Weather for a city')]);
    expect(nameCompounds(index).size).toBe(0);
    index.add(tool('cityweather_api', 'Forecasts'));
    expect(partsByName(index)[stem('city')]).toEqual(['cityweather_api']);
  });

  test('never throws on arbitrary names, and every part points at tools in index order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z][a-z_]{0,30}$/u), { minLength: 1, maxLength: 8 }),
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }),
        (names, descriptions) => {
          const index = new SearchIndex();
          names.forEach((name, at) => {
            index.add(tool(`${name}_${at}`, descriptions[at] ?? 'a tool'));
          });
          for (const docs of nameCompounds(index).values()) {
            for (let at = 1; at < docs.length; at++)
              expect(docs[at] as number).toBeGreaterThan(docs[at - 1] as number);
            for (const doc of docs) expect(doc).toBeLessThan(index.size);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('searchTools: compound names', () => {
  test('a request meets a name written together as it meets the same name with separators', async () => {
    const toolbox = createToolbox([
      tool('getrandomcolor_for_chunk', 'Get a random quote.'),
      tool('random_quotes_for_quotes', 'Get a random quote on each request'),
      tool('color_names_for_paint', 'Colors of a paint range'),
    ]);
    const matches = await searchTools(toolbox, { query: 'a random color', limit: 3 });
    expect(matches[0]?.name).toBe('getrandomcolor_for_chunk');
    // The explanation names the request's words and the name field.
    const matched = matches[0]?.matched ?? [];
    expect(matched).toContainEqual({ word: 'random', term: 'random', fields: ['name', 'description'] });
    expect(matched).toContainEqual({ word: 'color', term: 'color', fields: ['name'] });
  });

  test('other modes do not split compounds', async () => {
    const toolbox = createToolbox([tool('getrandomcolor_for_chunk', 'Get a quote.')]);
    expect(await searchTools(toolbox, { query: 'color', mode: 'exact' })).toEqual([]);
  });
});
