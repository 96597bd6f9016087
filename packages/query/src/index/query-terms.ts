import { stem } from '../text/stem';
import { isStopword } from '../text/stopwords';
import { tokenize } from '../text/tokenize';
import {
  FILLER_WEIGHT,
  isFiller,
  isParticle,
  LITERAL_WEIGHT,
  namedWords,
  PARTICLE_WEIGHT,
  splitLiterals,
} from './query-weights';
import { segmentQuery } from './segments';

/** One distinct term of a text query. */
export interface QueryTerm {
  /** The stemmed term, as indexed. */
  readonly term: string;
  /** The word as written (lowercased, folded), for exact matching and typo tolerance. */
  readonly surface: string;
  /** How often the term occurs in the query. */
  readonly count: number;
  /**
   * How much the term counts: one per occurrence, less for an occurrence inside a literal value (quoted
   * text, an identifier) or in request prose ("provide", "information").
   */
  readonly weight: number;
  /**
   * The word is written only as part of a name ("New York"): it meets its own term alone, with no synonym
   * or typo match (see `namedWords`).
   */
  readonly named?: boolean;
}

/** At most this many distinct terms of a query are searched (the rarest ones when there are more). */
export const MAX_QUERY_TERMS = 64;

/** A parsed query: its distinct terms, the key of the whole query and its clauses. */
export interface ParsedQuery {
  readonly terms: QueryTerm[];
  /** The query's terms in order, compared with each tool's analyzed name for the exact-name boost. */
  readonly key: string;
  /** The clauses of a request that asks for several things, as indices into `terms` (empty for one). */
  readonly segments: readonly (readonly number[])[];
}

/**
 * The distinct terms of a query, stopwords removed unless nothing else is left, plus the key of the whole
 * query (its terms in order) for the exact-name boost, and its clauses when it has several.
 */
export function parseQuery(text: string): ParsedQuery {
  const { asking, literal } = splitLiterals(text);
  const askingWords = tokenize(asking);
  const literalWords = tokenize(literal);
  const words = [...askingWords, ...literalWords];
  const content = words.filter((word) => !isStopword(word));
  const keepAll = content.length === 0;
  const byTerm = new Map<string, { surface: string; count: number; weight: number; named: boolean }>();
  const names = namedWords(text);
  const sequence: string[] = [];
  const add = (word: string, weight: number) => {
    if (!keepAll && isStopword(word)) return;
    const term = stem(word);
    sequence.push(term);
    const entry = byTerm.get(term);
    const named = names.has(word);
    if (entry === undefined) byTerm.set(term, { surface: word, count: 1, weight, named });
    else {
      entry.count++;
      entry.weight += weight;
      entry.named &&= named;
    }
  };
  for (const word of askingWords)
    add(word, isFiller(word) ? FILLER_WEIGHT : isParticle(word) ? PARTICLE_WEIGHT : 1);
  for (const word of literalWords) add(word, LITERAL_WEIGHT);
  const terms = [...byTerm].map(
    ([term, { named, ...entry }]): QueryTerm => (named ? { term, ...entry, named } : { term, ...entry }),
  );
  // The key (for the exact-name boost) is the query's terms in their written order.
  const key = keepAll || literalWords.length === 0 ? sequence.join(' ') : orderedKey(text);
  return { terms, key, segments: clausesOf(text, terms, !keepAll) };
}

function orderedKey(text: string): string {
  const out: string[] = [];
  for (const word of tokenize(text)) if (!isStopword(word)) out.push(stem(word));
  return out.join(' ');
}

function clausesOf(
  text: string,
  terms: readonly QueryTerm[],
  hasContent: boolean,
): readonly (readonly number[])[] {
  if (!hasContent || terms.length < 4) return [];
  const position = new Map(terms.map((term, index) => [term.term, index]));
  const segments = segmentQuery(text, (clause) => {
    const found: number[] = [];
    for (const word of tokenize(clause)) {
      if (isStopword(word)) continue;
      const index = position.get(stem(word));
      if (index !== undefined) found.push(index);
    }
    return found;
  });
  return segments.length > 1 ? segments : [];
}
