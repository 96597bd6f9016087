/**
 * The baseline: plain Okapi BM25 (k1 1.2, b 0.75, idf ln(1 + (N - df + 0.5) / (df + 0.5))) over one field, a
 * tool's name and description joined, split at camelCase boundaries and at every character that is not a
 * letter or digit, lowercased, with a standard English stopword list. No stemming, no field weights, no
 * parameters, no typo tolerance. Splitting camelCase makes it the strong form of the baseline: names such as
 * `getWaterQuality` meet the words of a request.
 */
const STOPWORDS = new Set(
  (
    'a an and are as at be but by for if in into is it no not of on or such that the their then there these ' +
    'they this to was will with i me my we our you your can what how find get also please given'
  ).split(' '),
);

export function tokens(text: string, stopwords: ReadonlySet<string> = STOPWORDS): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0 && !stopwords.has(token));
}

/** A BM25 index over documents given as plain texts. */
export class OkapiBm25 {
  readonly #frequencies: Map<string, number>[] = [];
  readonly #lengths: number[] = [];
  readonly #postings = new Map<string, number[]>();
  #averageLength = 0;
  readonly k1: number;
  readonly b: number;

  readonly #stopwords: ReadonlySet<string>;

  /** `stopwords: false` keeps every word (the form the retrieval sets' README reports). */
  constructor(
    documents: readonly string[],
    options: { readonly stopwords?: boolean; readonly k1?: number; readonly b?: number } = {},
  ) {
    this.#stopwords = options.stopwords === false ? new Set() : STOPWORDS;
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    for (const document of documents) {
      const list = tokens(document, this.#stopwords);
      const frequencies = new Map<string, number>();
      for (const token of list) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
      for (const token of frequencies.keys()) {
        const postings = this.#postings.get(token);
        if (postings === undefined) this.#postings.set(token, [this.#frequencies.length]);
        else postings.push(this.#frequencies.length);
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
    const scores = new Map<number, number>();
    for (const term of tokens(query, this.#stopwords)) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      const df = postings.length;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      for (const doc of postings) {
        const frequency = this.#frequencies[doc]?.get(term) as number;
        const norm = 1 - this.b + (this.b * (this.#lengths[doc] as number)) / this.#averageLength;
        scores.set(
          doc,
          (scores.get(doc) ?? 0) + (idf * frequency * (this.k1 + 1)) / (frequency + this.k1 * norm),
        );
      }
    }
    const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([doc]) => doc);
    // Documents that match nothing follow in document order, as a full scan would rank them.
    for (let doc = 0; ranked.length < k && doc < count; doc++) if (!scores.has(doc)) ranked.push(doc);
    return ranked.slice(0, k);
  }
}
