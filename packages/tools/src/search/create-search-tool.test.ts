import { describe, expect, test } from 'bun:test';
import {
  AdapterLoadError,
  createTool,
  createToolbox,
  type EmbeddingVectors,
  type Toolbox,
  ToolboxError,
} from '@armorer/core';
import { QueryError } from '@armorer/query';
import { z } from 'zod';
import { createSearchTool } from './create-search-tool';

function makeTools() {
  return [
    createTool({
      name: 'send-email',
      description: 'Send an email to recipients',
      input: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
      tags: ['communication'],
      execute: async () => ({ sent: true }),
    }),
    createTool({
      name: 'fetch-weather',
      description: 'Get the weather forecast for a city',
      input: z.object({ city: z.string() }),
      tags: ['weather'],
      execute: async () => ({ temperature: 20 }),
    }),
    createTool({
      name: 'send-sms',
      description: 'Send a text message to a phone number',
      input: z.object({ phone: z.string(), text: z.string() }),
      tags: ['communication', 'sms'],
      execute: async () => ({ sent: true }),
    }),
  ];
}

/** Maps words to two concepts (messaging, weather): a deterministic embedder. */
function conceptEmbedder(texts: readonly string[]): EmbeddingVectors {
  return texts.map((text) => {
    const words = text.toLowerCase().split(/[^a-z]+/);
    const count = (roots: string[]) =>
      words.filter((word) => roots.some((root) => word.startsWith(root))).length;
    return [
      count(['email', 'mail', 'message', 'sms', 'text', 'contact', 'someone']),
      count(['weather', 'umbrella', 'rain']),
    ];
  });
}

describe('createSearchTool', () => {
  test('registers itself and finds tools registered before and after it', async () => {
    const toolbox = createToolbox([makeTools()[0] as never]);
    const search = createSearchTool(toolbox);
    expect(search.name).toBe('search-tools');
    expect(toolbox.has('search-tools')).toBe(true);
    toolbox.register(...makeTools().slice(1));
    const result = await toolbox.execute({ name: 'search-tools', arguments: { query: 'weather forecast' } });
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual([
      {
        name: 'fetch-weather',
        description: 'Get the weather forecast for a city',
        tags: ['weather'],
        score: expect.any(Number),
        matched: [
          { word: 'weather', fields: ['name', 'description', 'tags'] },
          { word: 'forecast', fields: ['description'] },
        ],
      },
    ]);
    const sent = await toolbox.execute({ name: 'search-tools', arguments: { query: 'send' } });
    expect((sent.result as { name: string }[]).map((match) => match.name)).toEqual([
      'send-email',
      'send-sms',
    ]);
  });

  test('filters by tags, honours the limit and never returns itself', async () => {
    const toolbox = createToolbox(makeTools());
    createSearchTool(toolbox, { limit: 1 });
    const one = await toolbox.execute({ name: 'search-tools', arguments: { query: 'send message' } });
    expect(one.result).toHaveLength(1);
    const tagged = await toolbox.execute({
      name: 'search-tools',
      arguments: { query: 'send', tags: ['sms'], limit: 5 },
    });
    expect((tagged.result as { name: string }[]).map((match) => match.name)).toEqual(['send-sms']);
    const self = await toolbox.execute({
      name: 'search-tools',
      arguments: { query: 'search tools', limit: 5 },
    });
    expect((self.result as { name: string }[]).map((match) => match.name)).not.toContain('search-tools');
    const listing = await toolbox.execute({ name: 'search-tools', arguments: { query: '' } });
    expect(listing.result).toHaveLength(1);
  });

  test('uses the toolbox embedder for semantic search', async () => {
    const toolbox = createToolbox(makeTools(), { embedder: conceptEmbedder });
    createSearchTool(toolbox);
    const result = await toolbox.execute({ name: 'search-tools', arguments: { query: 'contact someone' } });
    const names = (result.result as { name: string }[]).map((match) => match.name);
    expect(names.slice(0, 2).sort()).toEqual(['send-email', 'send-sms']);
    expect(names).not.toContain('fetch-weather');
  });

  test('falls back to lexical ranking when the embedder fails, or fails the call when asked', async () => {
    const broken = () => {
      throw new Error('embedding service down');
    };
    const lenient = createToolbox(makeTools(), { embedder: broken });
    createSearchTool(lenient);
    const result = await lenient.execute({ name: 'search-tools', arguments: { query: 'weather' } });
    expect((result.result as { name: string }[])[0]?.name).toBe('fetch-weather');

    const strict = createToolbox(makeTools(), { embedder: broken });
    createSearchTool(strict, { onEmbeddingError: 'error' });
    const failed = await strict.execute({ name: 'search-tools', arguments: { query: 'weather' } });
    expect(failed.error).toMatchObject({ code: 'EXECUTION_FAILED', retryable: true });
    expect(failed.error?.message).toContain('embedding service down');
  });

  test('hides unavailable tools and honours a fixed filter', async () => {
    const hidden = createTool({
      name: 'send-fax',
      description: 'Send a fax',
      availability: () => false,
      execute: async () => null,
    });
    const toolbox = createToolbox([...makeTools(), hidden]);
    createSearchTool(toolbox, { filter: { tags: { none: ['sms'] } } });
    const result = await toolbox.execute({ name: 'search-tools', arguments: { query: 'send' } });
    expect((result.result as { name: string }[]).map((match) => match.name)).toEqual(['send-email']);
  });

  test('is an ordinary tool: read-only, serializable, exported to providers', async () => {
    const toolbox: Toolbox = createToolbox(makeTools(), { readOnly: true });
    createSearchTool(toolbox, { name: 'find-tools', tags: ['discovery'] });
    const serialized = toolbox.toJSON().tools.find((tool) => tool.name === 'find-tools');
    expect(serialized?.tags).toEqual(['search', 'meta', 'discovery']);
    expect(serialized?.input).toMatchObject({
      properties: { query: { type: 'string' } },
      required: ['query'],
    });
    expect((await toolbox.getAvailable()).map((tool) => tool.name)).toContain('find-tools');
    // A read-only toolbox still runs it.
    const result = await toolbox.execute({ name: 'find-tools', arguments: { query: 'weather' } });
    expect(result.error).toBeUndefined();
    const exported = await toolbox.toOpenAITools().catch((error: unknown) => error);
    if (AdapterLoadError.isInstance(exported)) expect(exported.code).toBe('ADAPTER_NOT_INSTALLED');
    else expect(JSON.stringify(exported)).toContain('find-tools');
  });

  test('bad input: arguments, options, toolboxes and duplicates', async () => {
    const toolbox = createToolbox(makeTools());
    createSearchTool(toolbox, { limit: 2, maxLimit: 5 });
    for (const args of [
      {},
      { query: 42 },
      { query: 'x', limit: 6 },
      { query: 'x', limit: 0 },
      { query: 'x'.repeat(2001) },
    ]) {
      const result = await toolbox.execute({ name: 'search-tools', arguments: args });
      expect(result.error?.code).toBe('INVALID_ARGUMENTS');
    }
    const regex = await toolbox.execute({ name: 'search-tools', arguments: { query: '.*(send|[' } });
    expect((regex.result as { name: string }[]).map((match) => match.name)).toEqual([
      'send-email',
      'send-sms',
    ]);
    expect(() => createSearchTool(toolbox)).toThrow(ToolboxError);
    expect(() => createSearchTool({} as never)).toThrow(QueryError);
    expect(() => createSearchTool(createToolbox(), { limit: 0 })).toThrow(/positive integers/);
    const unregistered = createSearchTool(createToolbox(), { register: false });
    expect(unregistered.name).toBe('search-tools');
  });
});
