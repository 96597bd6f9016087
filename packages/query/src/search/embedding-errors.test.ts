import { describe, expect, test } from 'bun:test';
import { createToolbox, type EmbeddingVectors } from '@armorer/core';
import { createConceptEmbedder } from '../__fixtures__/embedder';
import { makeTools } from '../__fixtures__/tools';
import { EmbeddingError } from '../errors/embedding-error';
import { reindexSearchIndex } from '../index/reindex';
import { searchTools } from './search-tools';

async function failure(embed: (texts: readonly string[]) => EmbeddingVectors | Promise<EmbeddingVectors>) {
  const toolbox = createToolbox(makeTools(), { embedder: embed });
  return searchTools(toolbox, { query: 'contact someone' }).then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('bad vectors and failing embedders', () => {
  test('non-finite values, wrong dimensions and wrong counts are clear errors', async () => {
    const nan = await failure((texts) => texts.map(() => [1, Number.NaN, 0]));
    expect(EmbeddingError.isInstance(nan) && nan.code).toBe('INVALID_EMBEDDING');
    expect(String(nan)).toContain('non-finite value (NaN) at index 1 for tool "send-email"');

    let call = 0;
    const ragged = await failure((texts) => texts.map(() => (call++ === 0 ? [1, 0] : [1, 0, 0])));
    expect(String(ragged)).toContain('3 dimensions');

    const short = await failure((texts) => texts.slice(1).map(() => [1, 0]));
    expect(String(short)).toContain('returned 4 vectors for 5 text(s)');

    const shapeless = await failure(() => ({ data: [] }) as never);
    expect(String(shapeless)).toContain('an object that is not an array');

    const empty = await failure((texts) => texts.map(() => []));
    expect(EmbeddingError.isInstance(empty)).toBe(true);
  });

  test('the declared dimension is enforced, also for the query vector', async () => {
    const toolbox = createToolbox(makeTools(), {
      embedder: { dimensions: 3, embed: (texts) => texts.map(() => new Float32Array([1, 0, 0, 0])) },
    });
    await expect(searchTools(toolbox, { query: 'x y' })).rejects.toThrow(/4 dimensions .* expected 3/);
  });

  test('a throwing embedder is reported with its cause; lexical fallback on request', async () => {
    const cause = new Error('quota exceeded');
    const thrown = await failure(async () => {
      throw cause;
    });
    expect(EmbeddingError.isInstance(thrown) && thrown.code).toBe('EMBEDDER_FAILED');
    expect((thrown as Error).cause).toBe(cause);

    const toolbox = createToolbox(makeTools(), {
      embedder: () => {
        throw cause;
      },
    });
    const events: Record<string, unknown>[] = [];
    toolbox.addEventListener('search', (event) => events.push(event.detail));
    const matches = await searchTools(toolbox, { query: 'weather', onEmbeddingError: 'lexical' });
    expect(matches[0]?.name).toBe('fetch-weather');
    expect(events[0]).toMatchObject({
      semantic: false,
      embeddingError: expect.stringContaining('quota exceeded'),
    });
  });

  test('invalid vectors are not cached: a fixed embedder is used next time', async () => {
    let broken = true;
    const concepts = createConceptEmbedder();
    const toolbox = createToolbox(makeTools(), {
      embedder: (texts) =>
        broken ? texts.map(() => [Number.POSITIVE_INFINITY, 0, 0, 0, 0]) : concepts.embed(texts),
    });
    await expect(searchTools(toolbox, { query: 'contact someone' })).rejects.toThrow(EmbeddingError);
    broken = false;
    expect((await searchTools(toolbox, { query: 'contact someone' }))[0]?.name).toBe('send-email');
  });

  test('a zero vector is similar to nothing; reindexing embeds again', async () => {
    const concepts = createConceptEmbedder();
    const toolbox = createToolbox(makeTools(), { embedder: concepts.embed });
    expect(await searchTools(toolbox, { query: 'zzz qqq' })).toEqual([]);
    const before = concepts.calls.flat().length;
    reindexSearchIndex(toolbox);
    await searchTools(toolbox, { query: 'email' });
    expect(concepts.calls.flat().length - before).toBe(6);
    reindexSearchIndex(toolbox, { embeddings: false });
    await searchTools(toolbox, { query: 'email' });
    expect(concepts.calls.flat().length - before).toBe(7);
  });

  test('a failing vector store is an EmbeddingError', async () => {
    const concepts = createConceptEmbedder();
    const toolbox = createToolbox(makeTools(), { embedder: concepts.embed });
    const store = {
      upsert() {
        throw new Error('store offline');
      },
      query: () => [],
    };
    const thrown = await searchTools(toolbox, { query: 'email', vectorStore: store }).catch(
      (error: unknown) => error,
    );
    expect(EmbeddingError.isInstance(thrown) && thrown.code).toBe('VECTOR_STORE_FAILED');
  });
});
