import type { AnyTool, ToolboxEmbedder } from '@armorer/core';
import { EmbeddingError } from '../errors/embedding-error';
import { embedderParts, embedTexts } from './embed';
import type { ToolVectorStore } from './vector-store';

interface CachedVector {
  /** The embedded text with the tool's generation, so `reindexSearchIndex` can invalidate it. */
  readonly text: string;
  readonly vector: Float32Array;
}

/** Bumped for a tool by {@link forgetToolVectors}; part of every cache key. */
const generations = new WeakMap<AnyTool, number>();

/** Per embedder, per tool: the last vector computed and the text it was computed from. */
const memory = new WeakMap<object, WeakMap<AnyTool, CachedVector>>();
/** Per store and embedder, per tool: the text whose vector the store holds. */
const stored = new WeakMap<object, WeakMap<object, WeakMap<AnyTool, string>>>();
/** Batches in flight per embedder, so concurrent searches embed each tool once. */
const pending = new WeakMap<object, Map<AnyTool, Promise<Float32Array>>>();

function mapOf<K extends object, V>(outer: WeakMap<object, WeakMap<K, V>>, key: object): WeakMap<K, V> {
  let inner = outer.get(key);
  if (inner === undefined) {
    inner = new WeakMap();
    outer.set(key, inner);
  }
  return inner;
}

/** Options of {@link ensureToolVectors}. */
export interface ToolVectorOptions {
  readonly embedder: ToolboxEmbedder;
  readonly textOf: (tool: AnyTool) => string;
  readonly batchSize: number;
  readonly store: ToolVectorStore | undefined;
}

/**
 * Makes sure every tool has a vector for the embedder: cached vectors are reused while a tool's text is
 * unchanged, the others are embedded in batches (and written to the store when there is one). Returns the
 * in-memory vectors, or an empty map when a store holds them.
 */
export async function ensureToolVectors(
  tools: readonly AnyTool[],
  options: ToolVectorOptions,
): Promise<Map<AnyTool, Float32Array>> {
  const { key, id } = embedderParts(options.embedder);
  const cache = mapOf(memory, key);
  const inFlight = pending.get(key) ?? new Map<AnyTool, Promise<Float32Array>>();
  pending.set(key, inFlight);
  const storeHas = options.store === undefined ? undefined : mapOf(mapOf(stored, options.store), key);
  const vectors = new Map<AnyTool, Float32Array>();
  const waiting: Promise<void>[] = [];
  const missing: AnyTool[] = [];
  const texts: string[] = [];
  const keys: string[] = [];
  for (const tool of tools) {
    const text = options.textOf(tool);
    const cacheKey = `${generations.get(tool) ?? 0}\u0000${text}`;
    const cached = storeHas === undefined ? cache.get(tool) : undefined;
    const flying = storeHas === undefined ? inFlight.get(tool) : undefined;
    if (storeHas !== undefined ? storeHas.get(tool) === cacheKey : cached?.text === cacheKey) {
      if (cached !== undefined) vectors.set(tool, cached.vector);
    } else if (flying !== undefined) {
      waiting.push(flying.then((vector) => void vectors.set(tool, vector)));
    } else {
      missing.push(tool);
      texts.push(text);
      keys.push(cacheKey);
    }
  }
  for (let start = 0; start < missing.length; start += options.batchSize) {
    const batch = missing.slice(start, start + options.batchSize);
    const batchTexts = texts.slice(start, start + options.batchSize);
    const done = embedTexts(
      options.embedder,
      batchTexts,
      batch.map((tool) => `tool "${tool.name}"`),
    );
    batch.forEach((tool, position) => {
      const one = done.then((list) => list[position] as Float32Array);
      one.catch(() => {});
      if (storeHas === undefined) inFlight.set(tool, one);
    });
    try {
      const list = await done;
      if (options.store !== undefined && storeHas !== undefined) {
        await writeToStore(options.store, batch, batchTexts, list, id);
        batch.forEach((tool, position) => {
          storeHas.set(tool, keys[start + position] as string);
        });
      } else {
        batch.forEach((tool, position) => {
          const vector = list[position] as Float32Array;
          cache.set(tool, { text: keys[start + position] as string, vector });
          vectors.set(tool, vector);
        });
      }
    } finally {
      for (const tool of batch) inFlight.delete(tool);
    }
  }
  await Promise.all(waiting);
  return vectors;
}

async function writeToStore(
  store: ToolVectorStore,
  tools: readonly AnyTool[],
  texts: readonly string[],
  vectors: readonly Float32Array[],
  embedderId: string | undefined,
): Promise<void> {
  try {
    await store.upsert(
      tools.map((tool, position) => ({
        id: tool.name,
        vector: vectors[position] as Float32Array,
        text: texts[position] as string,
        embedderId,
      })),
    );
  } catch (cause) {
    throw new EmbeddingError({
      code: 'VECTOR_STORE_FAILED',
      message: `The vector store failed to store ${tools.length} vector(s): ${cause instanceof Error ? cause.message : String(cause)}`,
      cause,
    });
  }
}

/** Forgets the vectors of these tools for every embedder and store: they are embedded again on next use. */
export function forgetToolVectors(tools: readonly AnyTool[]): void {
  for (const tool of tools) generations.set(tool, (generations.get(tool) ?? 0) + 1);
}
