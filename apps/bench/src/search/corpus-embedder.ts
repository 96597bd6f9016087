import type { ToolboxEmbedder } from '@armorer/core';
import { tokens } from './okapi-bm25';

/** Dimensions of the vectors; every word owns a few signed positions of them (random indexing). */
const DIMENSIONS = 512;
const POSITIONS_PER_WORD = 8;
/** Weight of a word's own index vector beside the words it occurs with. */
const SELF_WEIGHT = 1;

/** FNV-1a over a string, seeded: a deterministic hash for the index vectors. */
function hash(text: string, seed: number): number {
  let value = 2166136261 ^ seed;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

/** A crude stem: plural and -ing/-ed endings off, so `rankings` and `ranking` share a vector. */
function stemOf(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function wordsOf(text: string): string[] {
  return tokens(text).map(stemOf);
}

function addIndexVector(target: Float32Array, word: string, weight: number): void {
  for (let slot = 0; slot < POSITIONS_PER_WORD; slot++) {
    const value = hash(word, slot);
    const dimension = value % DIMENSIONS;
    target[dimension] = (target[dimension] as number) + (value & 0x80000000 ? -weight : weight);
  }
}

/**
 * A deterministic embedder learned from a tool catalog alone, for tests and the benchmark (no model weights
 * can be downloaded here): random indexing over co-occurrence. Every word gets a sparse random index vector;
 * a word's meaning vector is its index vector plus the IDF-weighted index vectors of the words it shares a
 * tool text with. A text's vector is the IDF-weighted sum of its words' meaning vectors, normalized, minus
 * the catalog's common direction (the mean vector of the tool texts, as in SIF sentence embeddings), then
 * normalized again: without that step every text leans the same way (the catalog's frequent words) and the
 * cosine of unrelated texts stays high. So `fit` meets `train` when tools that fit models also say they
 * train them. Built from the tools' texts only (give it their parameter descriptions too: more text, more
 * associations), never from requests or their answers.
 *
 * A real deployment uses a trained model instead (see the search guide: an OpenAI embedder and a vector
 * store through `ToolVectorStore`); this one stands in for it where no weights can be fetched.
 */
export function createCorpusEmbedder(toolTexts: readonly string[]): ToolboxEmbedder {
  const documents = toolTexts.map((text) => [...new Set(wordsOf(text))]);
  const frequency = new Map<string, number>();
  for (const words of documents)
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const idf = (word: string) =>
    Math.log(1 + (documents.length - (frequency.get(word) ?? 0) + 0.5) / ((frequency.get(word) ?? 0) + 0.5));
  const meanings = new Map<string, Float32Array>();
  for (const words of documents) {
    const context = new Float32Array(DIMENSIONS);
    for (const word of words) addIndexVector(context, word, idf(word));
    for (const word of words) {
      let meaning = meanings.get(word);
      if (meaning === undefined) {
        meaning = new Float32Array(DIMENSIONS);
        meanings.set(word, meaning);
      }
      for (let dimension = 0; dimension < DIMENSIONS; dimension++)
        meaning[dimension] = (meaning[dimension] as number) + (context[dimension] as number);
    }
  }
  // Each meaning vector normalized, then its own index vector added (a word stays closest to itself).
  for (const [word, meaning] of meanings) {
    normalize(meaning);
    addIndexVector(meaning, word, SELF_WEIGHT / Math.sqrt(POSITIONS_PER_WORD));
  }
  const raw = (text: string): Float32Array => {
    const vector = new Float32Array(DIMENSIONS);
    for (const word of new Set(wordsOf(text))) {
      const meaning = meanings.get(word);
      if (meaning === undefined) continue;
      const weight = idf(word);
      for (let dimension = 0; dimension < DIMENSIONS; dimension++)
        vector[dimension] = (vector[dimension] as number) + weight * (meaning[dimension] as number);
    }
    return normalize(vector);
  };
  // The catalog's common direction: the mean of its texts' vectors.
  const common = new Float32Array(DIMENSIONS);
  for (const text of toolTexts) {
    const vector = raw(text);
    for (let dimension = 0; dimension < DIMENSIONS; dimension++)
      common[dimension] = (common[dimension] as number) + (vector[dimension] as number) / toolTexts.length;
  }
  const embedOne = (text: string): Float32Array => {
    const vector = raw(text);
    // A text without known words stays the zero vector (unrelated to everything).
    if (vector.every((value) => value === 0)) return vector;
    for (let dimension = 0; dimension < DIMENSIONS; dimension++)
      vector[dimension] = (vector[dimension] as number) - (common[dimension] as number);
    return normalize(vector);
  };
  return {
    id: `corpus-random-indexing-${DIMENSIONS}`,
    dimensions: DIMENSIONS,
    embed: (texts) => texts.map(embedOne),
  };
}

function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0)
    for (let dimension = 0; dimension < vector.length; dimension++)
      vector[dimension] = (vector[dimension] as number) / norm;
  return vector;
}
