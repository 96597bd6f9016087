import { describe, expect, test } from 'bun:test';
import { createCorpusEmbedder } from './corpus-embedder';

const TEXTS = [
  'fitModel Fit a model: train it on a dataset',
  'trainClassifier Train a classifier on a dataset',
  'getWeather Weather forecast for a city',
  'getRain Rain forecast for a city',
  'sendEmail Send an email to a person',
];

function embed(texts: readonly string[]): Float32Array[] {
  const embedder = createCorpusEmbedder(TEXTS);
  if (typeof embedder === 'function') throw new Error('expected an embedder object');
  return embedder.embed(texts) as Float32Array[];
}

const cosine = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * (b[index] as number), 0);

describe('the corpus embedder of the search benchmark (random indexing over the tools alone)', () => {
  test('is deterministic and returns unit vectors (zero for unknown words)', () => {
    const [first, second, unknown] = embed(['train a model', 'train a model', 'zzz qqq']);
    expect(first).toEqual(second as Float32Array);
    expect(cosine(first as Float32Array, first as Float32Array)).toBeCloseTo(1, 5);
    expect([...(unknown as Float32Array)].every((value) => value === 0)).toBe(true);
  });

  test('words that share tool texts land closer than words that never do', () => {
    const [fit, train, weather] = embed(['fit', 'train', 'weather']);
    expect(cosine(fit as Float32Array, train as Float32Array)).toBeGreaterThan(
      cosine(fit as Float32Array, weather as Float32Array),
    );
  });
});

describe('the common direction of the catalog', () => {
  test('is taken out: the tool texts no longer lean one way on average', () => {
    const vectors = embed(TEXTS);
    const mean = new Float32Array((vectors[0] as Float32Array).length);
    for (const vector of vectors)
      vector.forEach((value, index) => {
        mean[index] = (mean[index] as number) + value / vectors.length;
      });
    // Unit vectors that all shared one direction would average to a long vector; centered ones to a short one.
    expect(Math.sqrt(cosine(mean, mean))).toBeLessThan(0.2);
  });
});
