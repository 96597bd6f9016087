import type { EmbeddingVectors, ToolboxEmbedder } from '@armorer/core';
import { EmbeddingError } from '../errors/embedding-error';

const dimensionsSeen = new WeakMap<object, number>();

/** The embedding function of an embedder and the object that identifies it in caches. */
export function embedderParts(embedder: ToolboxEmbedder): {
  readonly key: object;
  readonly embed: (texts: readonly string[]) => EmbeddingVectors | Promise<EmbeddingVectors>;
  readonly dimensions: number | undefined;
  readonly id: string | undefined;
} {
  if (typeof embedder === 'function')
    return { key: embedder, embed: embedder, dimensions: undefined, id: undefined };
  if (typeof embedder !== 'object' || embedder === null || typeof embedder.embed !== 'function') {
    throw new EmbeddingError({
      code: 'INVALID_EMBEDDING',
      message: 'An embedder must be a function or an object with an embed(texts) method.',
    });
  }
  return {
    key: embedder,
    embed: (texts) => embedder.embed(texts),
    dimensions: embedder.dimensions,
    id: embedder.id,
  };
}

/**
 * Calls an embedder and checks what it returns: one vector per text, every value finite, every vector of the
 * embedder's dimension (its `dimensions`, or the length of the first vector it ever returned). Returns
 * unit-length copies (a zero vector stays zero: it is similar to nothing).
 */
export async function embedTexts(
  embedder: ToolboxEmbedder,
  texts: readonly string[],
  labels: readonly string[],
): Promise<Float32Array[]> {
  const { key, embed, dimensions } = embedderParts(embedder);
  let vectors: EmbeddingVectors;
  try {
    vectors = await embed(texts);
  } catch (cause) {
    throw new EmbeddingError({
      code: 'EMBEDDER_FAILED',
      message: `The embedder failed on a batch of ${texts.length} text(s): ${cause instanceof Error ? cause.message : String(cause)}`,
      cause,
    });
  }
  if (!isArrayLike(vectors) || vectors.length !== texts.length) {
    throw invalid(
      `returned ${isArrayLike(vectors) ? `${vectors.length} vectors` : describe(vectors)} for ${texts.length} text(s)`,
    );
  }
  const expected = dimensions ?? dimensionsSeen.get(key);
  const result: Float32Array[] = [];
  for (let position = 0; position < texts.length; position++) {
    const vector = vectors[position];
    const label = labels[position] ?? `text ${position}`;
    if (!isArrayLike(vector) || vector.length === 0)
      throw invalid(`returned ${describe(vector)} for ${label}`);
    const wanted = expected ?? result[0]?.length ?? vector.length;
    if (vector.length !== wanted) {
      throw invalid(`returned a vector of ${vector.length} dimensions for ${label}; expected ${wanted}`);
    }
    result.push(normalized(vector, label));
  }
  if (expected === undefined && result[0] !== undefined) dimensionsSeen.set(key, result[0].length);
  return result;
}

function normalized(vector: ArrayLike<unknown>, label: string): Float32Array {
  const out = new Float32Array(vector.length);
  let norm = 0;
  for (let index = 0; index < vector.length; index++) {
    const value = vector[index];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalid(`returned a non-finite value (${String(value)}) at index ${index} for ${label}`);
    }
    out[index] = value;
    norm += value * value;
  }
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let index = 0; index < out.length; index++) out[index] = (out[index] as number) * scale;
  }
  return out;
}

function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || ArrayBuffer.isView(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object that is not an array' : `a ${typeof value}`;
}

function invalid(what: string): EmbeddingError {
  return new EmbeddingError({ code: 'INVALID_EMBEDDING', message: `The embedder ${what}.` });
}

/** Cosine similarity of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += (a[index] as number) * (b[index] as number);
  return sum;
}
