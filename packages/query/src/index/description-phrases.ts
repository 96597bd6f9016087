import type { SearchIndex } from './search-index';

/** A tool gains this fraction of the best score per request phrase found in its description (rarest = 1). */
const PHRASE_WEIGHT = 0.2;
/** Only the best tools are read again for phrases: the ones a phrase can still lift into the results. */
const PHRASE_CANDIDATES = 30;
/** A request phrase is two of its terms at most this far apart (`weather of tomorrow` -> `weather tomorrow`). */
const PHRASE_SPAN = 2;

/**
 * Phrases of the request found in a tool's description, in order (`heart rate` in "Records the heart rate of
 * a user"): among the best {@link PHRASE_CANDIDATES} tools, each distinct pair of request terms (at most
 * {@link PHRASE_SPAN} apart in the request, after stopwords) that stands as two consecutive terms of the
 * description adds {@link PHRASE_WEIGHT} of the best score, scaled by the pair's rarer term's IDF over the
 * request's rarest pair. `key` is the request's terms in order; `scores` (aligned with `docs`) is updated.
 */
export function scoreDescriptionPhrases(
  index: SearchIndex,
  key: string,
  docs: Int32Array,
  scores: Float64Array,
): void {
  if (docs.length === 0) return;
  const sequence = key.split(' ');
  // First term -> second term -> the phrase: looked up pair by pair without making a string per pair.
  const phrases = new Map<string, Map<string, Phrase>>();
  let count = 0;
  let rarest = 0;
  for (let at = 1; at < sequence.length; at++) {
    const second = index.postings.get(sequence[at] as string);
    if (second === undefined) continue;
    for (let gap = 1; gap <= PHRASE_SPAN && gap <= at; gap++) {
      const first = index.postings.get(sequence[at - gap] as string);
      if (first === undefined || first === second) continue;
      let next = phrases.get(first.term);
      if (next === undefined) {
        next = new Map();
        phrases.set(first.term, next);
      } else if (next.has(second.term)) continue;
      const idf = Math.min(index.idf(first.docs.length), index.idf(second.docs.length));
      next.set(second.term, { idf, seen: -1 });
      count++;
      if (idf > rarest) rarest = idf;
    }
  }
  if (count === 0 || !(rarest > 0)) return;
  const best = bestPositions(scores, PHRASE_CANDIDATES);
  const top = scores[best[0] as number] as number;
  if (!(top > 0)) return;
  for (const position of best) {
    const terms = index.descriptionTerms(docs[position] as number);
    let bonus = 0;
    for (let at = 1; at < terms.length; at++) {
      const phrase = phrases.get(terms[at - 1] as string)?.get(terms[at] as string);
      // Each phrase counts once per tool.
      if (phrase === undefined || phrase.seen === position) continue;
      phrase.seen = position;
      bonus += phrase.idf / rarest;
    }
    if (bonus > 0) scores[position] = (scores[position] as number) + PHRASE_WEIGHT * top * bonus;
  }
}

/** A request phrase: its weight, and the position of the last tool it was found in. */
interface Phrase {
  readonly idf: number;
  seen: number;
}

/** Positions of the `count` highest scores, best first (ties: the earlier position). */
function bestPositions(scores: Float64Array, count: number): number[] {
  const kept: number[] = [];
  for (let position = 0; position < scores.length; position++) {
    const score = scores[position] as number;
    if (kept.length === count && score <= (scores[kept[count - 1] as number] as number)) continue;
    let at = kept.length;
    while (at > 0 && (scores[kept[at - 1] as number] as number) < score) at--;
    kept.splice(at, 0, position);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
