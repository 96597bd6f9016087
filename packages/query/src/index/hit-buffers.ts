import type { TermHits } from './segment-scores';

/**
 * The per-term hits of one request (documents, scores, whether in the name), laid end to end in buffers kept
 * per index and reused by the next request: ranking a long request then allocates views, not arrays sized by
 * the matches of each of its terms. The views are valid while the request is ranked.
 */
export class HitBuffers {
  #docs: Int32Array;
  #scores: Float64Array;
  #inName: Uint8Array;
  #used = 0;

  constructor(capacity: number) {
    const size = Math.max(64, capacity);
    this.#docs = new Int32Array(size);
    this.#scores = new Float64Array(size);
    this.#inName = new Uint8Array(size);
  }

  /** Starts a request: earlier views must no longer be read. */
  clear(): void {
    this.#used = 0;
  }

  /** The hits of one term: `docs[0..count)`, with each document's score and in-name flag. */
  append(docs: Int32Array, count: number, scores: Float64Array, inName: Uint8Array): TermHits {
    if (this.#used + count > this.#docs.length) {
      // Views made before stay on the old buffers, which they keep alive.
      const size = Math.max(this.#docs.length * 2, this.#used + count);
      this.#docs = new Int32Array(size);
      this.#scores = new Float64Array(size);
      this.#inName = new Uint8Array(size);
      this.#used = 0;
    }
    const start = this.#used;
    const end = start + count;
    const termDocs = this.#docs;
    const termScores = this.#scores;
    const termInName = this.#inName;
    for (let at = 0; at < count; at++) {
      const doc = docs[at] as number;
      termDocs[start + at] = doc;
      termScores[start + at] = scores[doc] as number;
      termInName[start + at] = inName[doc] as number;
    }
    this.#used = end;
    return {
      docs: termDocs.subarray(start, end),
      scores: termScores.subarray(start, end),
      inName: termInName.subarray(start, end),
    };
  }
}
