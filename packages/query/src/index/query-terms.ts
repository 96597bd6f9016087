import { stem } from '../text/stem';
import { isStopword } from '../text/stopwords';
import { tokenize } from '../text/tokenize';

/** One distinct term of a text query. */
export interface QueryTerm {
  /** The stemmed term, as indexed. */
  readonly term: string;
  /** The word as written (lowercased, folded), for exact matching and typo tolerance. */
  readonly surface: string;
  /** How often the term occurs in the query. */
  readonly count: number;
}

/** At most this many distinct terms of a query are searched (the rarest ones when there are more). */
export const MAX_QUERY_TERMS = 64;

/**
 * The distinct terms of a query, stopwords removed unless nothing else is left, plus the key of the whole
 * query (its terms in order) for the exact-name boost.
 */
export function parseQuery(text: string): { readonly terms: QueryTerm[]; readonly key: string } {
  const words = tokenize(text);
  const content = words.filter((word) => !isStopword(word));
  const kept = content.length > 0 ? content : words;
  const byTerm = new Map<string, { surface: string; count: number }>();
  const sequence: string[] = [];
  for (const word of kept) {
    const term = stem(word);
    sequence.push(term);
    const entry = byTerm.get(term);
    if (entry === undefined) byTerm.set(term, { surface: word, count: 1 });
    else entry.count++;
  }
  const terms = [...byTerm].map(([term, { surface, count }]) => ({ term, surface, count }));
  return { terms, key: sequence.join(' ') };
}
