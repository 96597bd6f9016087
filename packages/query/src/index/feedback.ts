import { FIELD_BITS, type SearchIndex } from './search-index';

const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** A tool whose name holds every feedback term gains this fraction of the best score. */
const FEEDBACK_WEIGHT = 0.3;
/** Name terms found in more than this share of the tools say nothing about a family of tools: left out. */
const FEEDBACK_MAX_SHARE = 0.05;

/**
 * Pseudo-relevance feedback on names: the rarer name terms of the best-ranked tool that the request did not
 * use (`live golf data` of `tournaments_for_live_golf_data`) raise the other matching tools whose names share
 * them, weighted by their IDF. Requests for several operations of one service then find its siblings. Only
 * tools that already match the request move; `scores` (aligned with `docs`) is updated in place.
 */
export function nameFeedback(
  index: SearchIndex,
  queryTerms: ReadonlySet<string>,
  docs: Int32Array,
  scores: Float64Array,
): void {
  if (docs.length < 2) return;
  let top = 0;
  for (let position = 1; position < docs.length; position++) {
    const score = scores[position] as number;
    const topScore = scores[top] as number;
    if (score > topScore || (score === topScore && (docs[position] as number) < (docs[top] as number)))
      top = position;
  }
  const best = scores[top] as number;
  if (!(best > 0)) return;
  const limit = Math.max(2, index.size * FEEDBACK_MAX_SHARE);
  const feedback: { postings: { docs: Int32Array; tfs: Int32Array }; weight: number }[] = [];
  let total = 0;
  for (const term of new Set((index.nameKeys[docs[top] as number] ?? '').split(' '))) {
    if (term.length === 0 || queryTerms.has(term)) continue;
    const postings = index.postings.get(term);
    if (postings === undefined || postings.docs.length > limit) continue;
    const weight = index.idf(postings.docs.length);
    feedback.push({ postings, weight });
    total += weight;
  }
  if (total <= 0) return;
  // Per tool, the bonus of the feedback terms in its name; then added to the matching tools in one pass.
  const scratch = scratchFor(index);
  const current = ++scratch.current;
  const { bonus, stamp } = scratch;
  for (const { postings, weight } of feedback) {
    const part = (FEEDBACK_WEIGHT * best * weight) / total;
    for (let at = 0; at < postings.docs.length; at++) {
      if (((postings.tfs[at] as number) & FIELD_MASK) === 0) continue;
      const doc = postings.docs[at] as number;
      if (stamp[doc] !== current) {
        stamp[doc] = current;
        bonus[doc] = 0;
      }
      bonus[doc] = (bonus[doc] as number) + part;
    }
  }
  const source = docs[top] as number;
  for (let position = 0; position < docs.length; position++) {
    const doc = docs[position] as number;
    // The best tool is the source of the feedback: it does not raise itself.
    if (stamp[doc] === current && doc !== source)
      scores[position] = (scores[position] as number) + (bonus[doc] as number);
  }
}

interface FeedbackScratch {
  bonus: Float64Array;
  stamp: Int32Array;
  current: number;
}

const scratches = new WeakMap<SearchIndex, FeedbackScratch>();

function scratchFor(index: SearchIndex): FeedbackScratch {
  let scratch = scratches.get(index);
  if (scratch === undefined || scratch.bonus.length < index.size) {
    const capacity = Math.max(index.size, Math.ceil((scratch?.bonus.length ?? 0) * 1.5));
    scratch = { bonus: new Float64Array(capacity), stamp: new Int32Array(capacity), current: 0 };
    scratches.set(index, scratch);
  }
  return scratch;
}
