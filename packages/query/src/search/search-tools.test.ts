import { describe, expect, test } from 'bun:test';
import { type AnyTool, createTool, createToolbox } from '@armorer/core';
import { createConceptEmbedder } from '../__fixtures__/embedder';
import { makeTools } from '../__fixtures__/tools';
import { describeToolForEmbedding } from '../embeddings/embedding-text';
import { QueryError } from '../errors/query-error';
import { searchTools } from './search-tools';

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name);

describe('searchTools: lexical', () => {
  test('ranks tools for a request in natural language', async () => {
    const toolbox = createToolbox(makeTools());
    expect(names(await searchTools(toolbox, { query: 'what is the weather forecast in Paris?' }))[0]).toBe(
      'fetch-weather',
    );
    expect(names(await searchTools(toolbox, { query: 'list open GitHub issues' }))[0]).toBe(
      'github_list_issues',
    );
    expect(names(await searchTools(toolbox, { query: 'create calendar event' }))[0]).toBe(
      'createCalendarEvent',
    );
  });

  test('tolerates typos and inflections; scores best first', async () => {
    const toolbox = createToolbox(makeTools());
    const matches = await searchTools(toolbox, { query: 'sheduled meetings' });
    expect(matches[0]?.name).toBe('createCalendarEvent');
    expect(names(await searchTools(toolbox, { query: 'githb isues' }))[0]).toBe('github_list_issues');
    const ranked = await searchTools(toolbox, { query: 'fetch weather page' });
    for (let index = 1; index < ranked.length; index++) {
      expect(ranked[index - 1]?.score ?? 0).toBeGreaterThanOrEqual(ranked[index]?.score ?? 0);
    }
  });

  test('near-synonyms of common actions meet, with a lower weight', async () => {
    const toolbox = createToolbox(makeTools());
    const matches = await searchTools(toolbox, { query: 'contact someone' });
    expect(names(matches)).toEqual(['send-email']);
    const direct = await searchTools(toolbox, { query: 'email' });
    expect(direct[0]?.score ?? 0).toBeGreaterThan(matches[0]?.score ?? 0);
  });

  test('finds Chinese and Japanese descriptions', async () => {
    const tools = [
      createTool({ name: 'fa-song-you-jian', description: '发送电子邮件给客户', execute: () => null }),
      createTool({ name: 'tenki', description: '天気予報を取得する', execute: () => null }),
    ];
    expect(names(await searchTools(tools, { query: '发送邮件' }))).toEqual(['fa-song-you-jian']);
    expect(names(await searchTools(tools, { query: '天気' }))).toEqual(['tenki']);
  });

  test('filters, exclusions, limit and offset; an empty query lists tools', async () => {
    const toolbox = createToolbox(makeTools());
    const filtered = await searchTools(toolbox, { query: 'fetch', filter: { tags: { any: ['weather'] } } });
    expect(names(filtered)).toEqual(['fetch-weather']);
    const excluded = names(await searchTools(toolbox, { query: 'fetch', exclude: ['web.fetch'] }));
    expect(excluded[0]).toBe('fetch-weather');
    expect(excluded).not.toContain('web.fetch');
    expect(names(await searchTools(toolbox, { query: 'fetch', limit: 1, offset: 1 }))).toEqual([
      'fetch-weather',
    ]);
    const listing = await searchTools(toolbox, { query: '', limit: 2 });
    expect(listing.map((match) => [match.name, match.score])).toEqual([
      ['send-email', 0],
      ['fetch-weather', 0],
    ]);
  });

  test('fires the search event and rejects bad options', async () => {
    const toolbox = createToolbox(makeTools());
    const events: Record<string, unknown>[] = [];
    toolbox.addEventListener('search', (event) => events.push(event.detail));
    await searchTools(toolbox, { query: 'weather' });
    expect(events[0]).toMatchObject({
      query: 'weather',
      semantic: false,
      results: [{ name: 'fetch-weather' }],
    });
    await expect(searchTools(toolbox, { query: 42 } as never)).rejects.toThrow(QueryError);
    await expect(searchTools(toolbox, { query: 'x', limt: 3 } as never)).rejects.toThrow(
      /Did you mean "limit"/,
    );
    await expect(searchTools(toolbox, { query: 'x', semanticWeight: 2 })).rejects.toThrow(/from 0 to 1/);
    await expect(searchTools(toolbox, { query: 'x', semantic: true })).rejects.toThrow(/embedder/);
    await expect(searchTools(toolbox, { query: 'x', filter: { tags: 'x' } } as never)).rejects.toThrow(
      QueryError,
    );
    await expect(searchTools(toolbox, { query: 'x'.repeat(100_001) })).rejects.toThrow(/at most/);
    const aborted = AbortSignal.abort(new Error('stop'));
    await expect(searchTools(toolbox, { query: 'weather', signal: aborted })).rejects.toThrow('stop');
  });
});

describe('searchTools: semantic', () => {
  test('finds tools by meaning when the toolbox has an embedder', async () => {
    const embedder = createConceptEmbedder();
    const toolbox = createToolbox(makeTools(), { embedder: embedder.embed });
    // No tool says "reach" or "colleague"; the embedder relates "reach" to email.
    const lexical = await searchTools(toolbox, { query: 'reach my colleague', semantic: false });
    expect(lexical).toEqual([]);
    const matches = await searchTools(toolbox, { query: 'reach my colleague' });
    expect(matches[0]?.name).toBe('send-email');
    expect(matches[0]?.semanticScore).toBeGreaterThan(0);
    expect(matches[0]?.lexicalScore).toBe(0);
    const umbrella = await searchTools(toolbox, { query: 'do I need an umbrella' });
    expect(umbrella[0]?.name).toBe('fetch-weather');
  });

  test('a request for several things is embedded clause by clause as well', async () => {
    const embedder = createConceptEmbedder();
    const toolbox = createToolbox(makeTools(), { embedder: embedder.embed });
    const query = 'Let my colleague know by mail. Then check whether I need an umbrella tomorrow.';
    const matches = await searchTools(toolbox, { query, semanticWeight: 1 });
    const clauses = ['Let my colleague know by mail.', 'check whether I need an umbrella tomorrow.'];
    expect(embedder.calls.at(-1)).toEqual([query, ...clauses]);
    // A tool's similarity is half the whole request's, half its closest clause's.
    const unit = (vector: readonly number[]) => vector.map((value) => value / Math.hypot(...vector));
    const cosine = (a: string, b: string) => {
      const [x = [], y = []] = embedder.embed([a, b]).map((vector) => unit([...vector]));
      return x.reduce((sum, value, at) => sum + value * (y[at] ?? 0), 0);
    };
    const email = matches.find((match) => match.name === 'send-email');
    const text = describeToolForEmbedding(email?.tool as AnyTool);
    const closest = Math.max(...clauses.map((clause) => cosine(clause, text)));
    expect(email?.semanticScore).toBeCloseTo((cosine(query, text) + closest) / 2, 5);
  });

  test('embeds each tool once, in batches, and only new tools later', async () => {
    const embedder = createConceptEmbedder();
    const toolbox = createToolbox(makeTools(), {
      embedder: { id: 'concepts', dimensions: 5, embed: embedder.embed },
    });
    await searchTools(toolbox, { query: 'email', batchSize: 2 });
    const toolBatches = embedder.calls.filter((batch) => batch.length > 1 || !batch[0]?.startsWith('email'));
    expect(toolBatches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    embedder.calls.length = 0;
    await searchTools(toolbox, { query: 'weather' });
    expect(embedder.calls).toEqual([['weather']]);
    toolbox.register(
      createTool({ name: 'rain-radar', description: 'Rain radar for the weather', execute: () => null }),
    );
    embedder.calls.length = 0;
    await searchTools(toolbox, { query: 'rain' });
    expect(embedder.calls).toHaveLength(2);
    expect(embedder.calls[0]?.[0]).toContain('rain radar');
  });

  test('concurrent searches embed a tool once', async () => {
    const embedder = createConceptEmbedder();
    const slow = async (texts: readonly string[]) => {
      await Bun.sleep(5);
      return embedder.embed(texts);
    };
    const toolbox = createToolbox(makeTools(), { embedder: slow });
    await Promise.all([searchTools(toolbox, { query: 'mail' }), searchTools(toolbox, { query: 'rain' })]);
    const embeddedTools = embedder.calls.flat().filter((text) => text.includes(':'));
    expect(embeddedTools).toHaveLength(5);
  });

  test('an external vector store holds the vectors', async () => {
    const embedder = createConceptEmbedder();
    const { createInMemoryVectorStore } = await import('../embeddings/vector-store');
    const store = createInMemoryVectorStore();
    const toolbox = createToolbox(makeTools(), { embedder: embedder.embed });
    const matches = await searchTools(toolbox, { query: 'contact someone', vectorStore: store });
    expect(store.size).toBe(5);
    expect(matches[0]?.name).toBe('send-email');
    embedder.calls.length = 0;
    await searchTools(toolbox, { query: 'contact someone', vectorStore: store });
    expect(embedder.calls).toEqual([['contact someone']]);
  });

  test('an array of tools is searched semantically with options.embedder', async () => {
    const embedder = createConceptEmbedder();
    const matches = await searchTools(makeTools(), { query: 'browse a website', embedder: embedder.embed });
    expect(matches[0]?.name).toBe('web.fetch');
  });
});
