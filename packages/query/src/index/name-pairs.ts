import type { QueryTerm } from './query-terms';
import type { SearchIndex } from './search-index';
import type { TermHits } from './segment-scores';

/** Weight of a name phrase, relative to one more query term as rare as the phrase. */
const PAIR_WEIGHT = 0.6;

/** The query's terms and clauses, with the name phrases found appended as extra terms. */
export interface PhrasedQuery {
  readonly terms: readonly QueryTerm[];
  readonly segments: readonly (readonly number[])[] | undefined;
}

/**
 * Two words of the request in a row that are two terms in a row of a tool's name (`world rankings` for
 * `world_ranking_for_live_golf_data`) count as one more, rare term: a phrase the name is made of. The phrase's
 * score (its IDF among names times the lower weight of its two words) is added to `scores` of the matching
 * tools (`matching(doc)`: the tools the request's terms already matched), and, for a request of several
 * clauses, to the hits of each clause that holds both words. Explanations stay the words' own: a phrase only
 * adds to words that matched the name.
 */
export function scoreNamePairs(
  index: SearchIndex,
  terms: readonly QueryTerm[],
  key: string,
  segments: readonly (readonly number[])[] | undefined,
  matching: (doc: number) => boolean,
  scores: Float64Array,
  hits: Map<QueryTerm, TermHits> | undefined,
): PhrasedQuery {
  const unchanged = { terms, segments };
  const sequence = key.split(' ');
  if (sequence.length < 2) return unchanged;
  const namePairs = index.namePairs();
  const position = new Map<string, number>(terms.map((term, at) => [term.term, at]));
  const found: { term: QueryTerm; first: number; second: number }[] = [];
  const seen = new Set<string>();
  for (let at = 1; at < sequence.length; at++) {
    const pair = `${sequence[at - 1]} ${sequence[at]}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    const docs = namePairs.get(pair);
    const first = position.get(sequence[at - 1] as string);
    const second = position.get(sequence[at] as string);
    if (docs === undefined || first === undefined || second === undefined || first === second) continue;
    const a = terms[first] as QueryTerm;
    const b = terms[second] as QueryTerm;
    const weight = Math.min(a.weight / a.count, b.weight / b.count);
    const score = PAIR_WEIGHT * index.idf(docs.length) * weight;
    const kept: number[] = [];
    for (const doc of docs) {
      if (!matching(doc)) continue;
      scores[doc] = (scores[doc] as number) + score;
      kept.push(doc);
    }
    if (kept.length === 0) continue;
    const term: QueryTerm = { term: pair, surface: pair, count: 1, weight };
    found.push({ term, first, second });
    hits?.set(term, {
      docs: kept,
      scores: new Float64Array(kept.length).fill(score),
      inName: new Uint8Array(kept.length),
    });
  }
  if (found.length === 0 || segments === undefined) return unchanged;
  return {
    terms: [...terms, ...found.map((pair) => pair.term)],
    segments: segments.map((segment) => {
      const extended = [...segment];
      found.forEach((pair, offset) => {
        if (segment.includes(pair.first) && segment.includes(pair.second))
          extended.push(terms.length + offset);
      });
      return extended;
    }),
  };
}
