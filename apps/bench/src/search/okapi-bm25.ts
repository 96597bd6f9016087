/**
 * The baseline: plain Okapi BM25 (k1 1.2, b 0.75) over one field, a tool's name and description joined,
 * lowercased and split at every character that is not a letter or digit, with a standard English stopword
 * list. No stemming, no field weights, no parameters, no typo tolerance.
 */
const STOPWORDS = new Set(
  (
    'a an and are as at be but by for if in into is it no not of on or such that the their then there these ' +
    'they this to was will with i me my we our you your can what how find get also please given'
  ).split(' '),
);

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0 && !STOPWORDS.has(token));
}

/** A BM25 index over documents given as plain texts. */
export class OkapiBm25 {
  readonly #frequencies: Map<string, number>[] = [];
  readonly #lengths: number[] = [];
  readonly #documentFrequency = new Map<string, number>();
  #averageLength = 0;

  constructor(
    documents: readonly string[],
    readonly k1 = 1.2,
    readonly b = 0.75,
  ) {
    for (const document of documents) {
      const list = tokens(document);
      const frequencies = new Map<string, number>();
      for (const token of list) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
      for (const token of frequencies.keys()) {
        this.#documentFrequency.set(token, (this.#documentFrequency.get(token) ?? 0) + 1);
      }
      this.#frequencies.push(frequencies);
      this.#lengths.push(list.length);
    }
    this.#averageLength =
      this.#lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, documents.length);
  }

  /** Indices of the `k` best documents, best first (ties in document order). */
  top(query: string, k: number): number[] {
    const count = this.#frequencies.length;
    const terms = tokens(query);
    const scores = this.#frequencies.map((frequencies, doc) => {
      let score = 0;
      for (const term of terms) {
        const frequency = frequencies.get(term);
        if (frequency === undefined) continue;
        const df = this.#documentFrequency.get(term) as number;
        const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
        const norm = 1 - this.b + (this.b * (this.#lengths[doc] as number)) / this.#averageLength;
        score += (idf * frequency * (this.k1 + 1)) / (frequency + this.k1 * norm);
      }
      return { doc, score };
    });
    scores.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return scores.slice(0, k).map((entry) => entry.doc);
  }
}
