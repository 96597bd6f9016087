import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { makeTools } from '../__fixtures__/tools';
import { queryTools } from '../query/query-tools';
import { analyze } from '../text/analyze';
import { resolveSource } from './index-cache';
import { reindexSearchIndex } from './reindex';
import { FIELD_BITS, FIELD_COUNT, Postings, SearchIndex } from './search-index';

describe('the search index of a toolbox', () => {
  test('grows with registrations instead of being rebuilt', () => {
    const toolbox = createToolbox(makeTools());
    const index = resolveSource(toolbox).index();
    expect(index.size).toBe(5);
    toolbox.register(
      createTool({ name: 'rain-radar', description: 'Rain radar images', execute: () => null }),
    );
    expect(queryTools(toolbox, { text: 'radar', select: 'name' })).toEqual(['rain-radar']);
    expect(resolveSource(toolbox).index()).toBe(index);
    expect(index.size).toBe(6);
  });

  test('one registration at a time, or a batch, gives the postings and norms of a build at once', () => {
    const make = (n: number) =>
      createTool({
        name: `report-${n % 7}-${n}`,
        description: `Reads report ${n} of the ${n % 3 === 0 ? 'quarterly' : 'monthly'} sales ledger`,
        tags: [n % 2 === 0 ? 'sales' : 'finance'],
        execute: () => null,
      });
    const toolbox = createToolbox(Array.from({ length: 40 }, (_, n) => make(n)));
    const grown = resolveSource(toolbox).index();
    for (let n = 40; n < 60; n++) {
      toolbox.register(make(n));
      expect(queryTools(toolbox, { text: 'ledger', select: 'name' })).toHaveLength(n + 1);
    }
    // A batch at least as large as the index is announced like a build.
    for (let n = 60; n < 130; n++) toolbox.register(make(n));
    expect(resolveSource(toolbox).index()).toBe(grown);
    const built = resolveSource(Array.from({ length: 130 }, (_, n) => make(n))).index();
    expect(grown.size).toBe(130);
    expect([...grown.postings.keys()]).toEqual([...built.postings.keys()]);
    for (const [term, postings] of built.postings) {
      expect([...(grown.postings.get(term) as Postings).docs]).toEqual([...postings.docs]);
      expect([...(grown.postings.get(term) as Postings).tfs]).toEqual([...postings.tfs]);
    }
    expect([...grown.norms().subarray(0, 130 * FIELD_COUNT)]).toEqual([
      ...built.norms().subarray(0, 130 * FIELD_COUNT),
    ]);
  });

  test('an array keeps its index while it holds the same tools', () => {
    const tools = makeTools();
    const index = resolveSource(tools).index();
    expect(resolveSource(tools).index()).toBe(index);
    tools.push(createTool({ name: 'rain-radar', description: 'Rain radar images', execute: () => null }));
    expect(resolveSource(tools).index()).toBe(index);
    expect(index.size).toBe(6);
    tools.reverse();
    expect(resolveSource(tools).index()).not.toBe(index);
  });

  test('reindexSearchIndex rebuilds from scratch', () => {
    const toolbox = createToolbox(makeTools());
    const index = resolveSource(toolbox).index();
    const result = reindexSearchIndex(toolbox);
    expect(result.tools).toBe(5);
    expect(result.terms).toBeGreaterThan(20);
    expect(resolveSource(toolbox).index()).not.toBe(index);
    expect(queryTools(toolbox, { text: 'weather', select: 'name' })).toEqual(['fetch-weather']);
    expect(() => reindexSearchIndex(toolbox, 'all' as never)).toThrow(/options must be an object/);
  });

  test('a tool without parameters, tags or metadata is indexed by name and description', () => {
    const bare = createTool({ name: 'ping', description: '', execute: () => 'pong' });
    expect(queryTools([bare], { text: 'ping', select: 'name' })).toEqual(['ping']);
  });
});

describe('postings', () => {
  test('count occurrences per document and field, saturate a field at its maximum, and stay readable as they grow', () => {
    const postings = new Postings('mail');
    postings.post(0, 1, 0);
    postings.post(0, 1, 0);
    postings.post(0, 1 << FIELD_BITS, FIELD_BITS);
    expect([...postings.docs]).toEqual([0]);
    expect(postings.tfs[0]).toBe(2 + (1 << FIELD_BITS));
    for (let count = 0; count < 40; count++) postings.post(1, 1, 0);
    expect(postings.tfs[1]).toBe((1 << FIELD_BITS) - 1);
    const before = postings.docs;
    for (let doc = 2; doc < 100; doc++) postings.post(doc, 1, 0);
    expect(postings.size).toBe(100);
    expect(postings.docs.length).toBe(100);
    expect(postings.docs[99]).toBe(99);
    expect(before.length).toBe(2);
  });

  test('a growth limit caps the capacity once, and postings past it still grow and read back', () => {
    const postings = new Postings('mail', 0);
    for (let doc = 0; doc < 50; doc++) postings.post(doc, 1, 0, 6);
    expect([...postings.docs]).toEqual(Array.from({ length: 50 }, (_, doc) => doc));
    expect([...postings.tfs]).toEqual(Array.from({ length: 50 }, () => 1));
    const index = new SearchIndex();
    index.expect(3);
    const tools = ['alpha mail', 'beta mail', 'gamma mail', 'delta mail', 'epsilon mail'].map(
      (description, n) => createTool({ name: `tool-${n}`, description, execute: () => null }),
    );
    for (const tool of tools) index.add(tool);
    expect([...(index.postings.get('mail') as Postings).docs]).toEqual([0, 1, 2, 3, 4]);
  });

  test('description terms are recorded for every tool, past the first buffer, and added tools', () => {
    const index = new SearchIndex();
    const description = (n: number) => `Reads report ${n} of the quarterly sales ledger for region ${n % 7}`;
    for (let n = 0; n < 300; n++)
      index.add(createTool({ name: `report-${n}`, description: description(n), execute: () => null }));
    for (const doc of [0, 1, 150, 299])
      expect(index.descriptionTerms(doc)).toEqual(analyze(description(doc)));
    expect(index.descriptionTerms(300)).toEqual([]);
    expect(index.descriptionTerms(-1)).toEqual([]);
    index.add(
      createTool({ name: 'late', description: 'Arrives after the first query', execute: () => null }),
    );
    expect(index.descriptionTerms(300)).toEqual(analyze('Arrives after the first query'));
    expect(index.descriptionTerms(299)).toBe(index.descriptionTerms(299));
  });

  test('name and description postings are the analyzed words counted per tool (property)', () => {
    const word = fc.constantFrom(
      'Send',
      'sendEmail',
      'the',
      'e-mail',
      'to',
      'GitHub',
      'issues',
      'café',
      '邮件',
      'Issue',
      'v2',
    );
    const text = fc.array(word, { maxLength: 8 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 12 }), (texts) => {
        const index = new SearchIndex();
        const tools = texts.map(([name, description], position) =>
          createTool({
            name: `tool-${position}`,
            description: `${name} ${description}`,
            execute: () => null,
          }),
        );
        for (const tool of tools) index.add(tool);
        const expected = new Map<string, Map<number, number>>();
        tools.forEach((tool, doc) => {
          const fields = [analyze(tool.name), analyze(tool.description)];
          fields.forEach((terms, field) => {
            for (const term of terms) {
              const docs = expected.get(term) ?? new Map<number, number>();
              expected.set(term, docs);
              const tf = docs.get(doc) ?? 0;
              const count = (tf >>> (field * FIELD_BITS)) & ((1 << FIELD_BITS) - 1);
              docs.set(doc, count < (1 << FIELD_BITS) - 1 ? tf + (1 << (field * FIELD_BITS)) : tf);
            }
          });
        });
        expect([...index.postings.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [term, docs] of expected) {
          const postings = index.postings.get(term) as Postings;
          expect([...postings.docs]).toEqual([...docs.keys()]);
          expect([...postings.tfs]).toEqual([...docs.values()]);
        }
        expect(index.nameKeys).toEqual(tools.map((tool) => analyze(tool.name).join(' ')));
        // The description terms recorded while indexing are what analyzing the description gives.
        expect(tools.map((_, doc) => index.descriptionTerms(doc))).toEqual(
          tools.map((tool) => analyze(tool.description)),
        );
      }),
      { numRuns: 60 },
    );
  });
});
