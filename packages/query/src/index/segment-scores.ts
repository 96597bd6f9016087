import type { QueryTerm } from './query-terms';
import type { SearchIndex } from './search-index';

/** The documents one query term matched, with the term's BM25F score and whether it matched the name. */
export interface TermHits {
  readonly docs: readonly number[];
  readonly scores: Float64Array;
  readonly inName: Uint8Array;
}

/**
 * Weight of the whole request beside a clause: a tool that fits one clause well and the request as a whole
 * outranks one that fits the clause alone (the clause "the team info for team 18" after "WNBA").
 */
const CONTEXT_WEIGHT = 0.8;

interface SegmentScratch {
  score: Float64Array;
  nameHits: Int32Array;
  stamp: Int32Array;
  slot: Int32Array;
  current: number;
}

const scratches = new WeakMap<SearchIndex, SegmentScratch>();

function scratchFor(index: SearchIndex): SegmentScratch {
  let scratch = scratches.get(index);
  if (scratch === undefined || scratch.score.length < index.size) {
    const capacity = Math.max(index.size, Math.ceil((scratch?.score.length ?? 0) * 1.5));
    scratch = {
      score: new Float64Array(capacity),
      nameHits: new Int32Array(capacity),
      stamp: new Int32Array(capacity),
      slot: new Int32Array(capacity),
      current: 0,
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/**
 * Rescores a ranking of a request that asks for several things: each clause is scored on its own (BM25F of
 * its terms with the name-coverage boost), divided by the clause's best score, plus the whole request's
 * normalized score times {@link CONTEXT_WEIGHT}; a tool keeps its best clause. So the best tool of every
 * clause reaches the top of the list, instead of the tools that match the most words of the whole request.
 * `scores` (aligned with `docs`) is replaced in place.
 */
export function rescoreBySegment(
  index: SearchIndex,
  terms: readonly QueryTerm[],
  segments: readonly (readonly number[])[],
  hits: ReadonlyMap<QueryTerm, TermHits>,
  docs: Int32Array,
  scores: Float64Array,
  nameBoost: number,
): void {
  if (docs.length === 0) return;
  const scratch = scratchFor(index);
  let bestWhole = 0;
  for (const score of scores) if (score > bestWhole) bestWhole = score;
  if (bestWhole <= 0) return;
  const best = new Float64Array(docs.length);
  const lead = new Float64Array(docs.length);
  for (let position = 0; position < docs.length; position++) {
    scratch.slot[docs[position] as number] = position;
    best[position] = ((scores[position] as number) / bestWhole) * (1 + CONTEXT_WEIGHT);
  }
  const { score, nameHits, stamp, slot } = scratch;
  const touched: number[] = [];
  for (const segment of segments) {
    const current = ++scratch.current;
    touched.length = 0;
    for (const termIndex of segment) {
      const term = terms[termIndex];
      const termHits = term === undefined ? undefined : hits.get(term);
      if (termHits === undefined) continue;
      for (let position = 0; position < termHits.docs.length; position++) {
        const doc = termHits.docs[position] as number;
        if (stamp[doc] !== current) {
          stamp[doc] = current;
          score[doc] = 0;
          nameHits[doc] = 0;
          touched.push(doc);
        }
        score[doc] = (score[doc] as number) + (termHits.scores[position] as number);
        nameHits[doc] = (nameHits[doc] as number) + (termHits.inName[position] as number);
      }
    }
    let bestSegment = 0;
    for (const doc of touched) {
      const nameLength = index.nameLength(doc);
      const coverage = nameLength === 0 ? 0 : Math.min(1, (nameHits[doc] as number) / nameLength);
      score[doc] = (score[doc] as number) * (1 + nameBoost * coverage);
      if ((score[doc] as number) > bestSegment) bestSegment = score[doc] as number;
    }
    if (bestSegment <= 0) continue;
    const leaders: { position: number; fused: number }[] = [];
    for (const doc of touched) {
      const position = slot[doc] as number;
      if (docs[position] !== doc) continue;
      const fused =
        (score[doc] as number) / bestSegment + (CONTEXT_WEIGHT * (scores[position] as number)) / bestWhole;
      if (fused > (best[position] as number)) best[position] = fused;
      keepLeader(leaders, position, fused);
    }
    leaders.forEach((leader, rank) => {
      const bonus = LEADER_BONUS / (rank + 1);
      if (bonus > (lead[leader.position] as number)) lead[leader.position] = bonus;
    });
  }
  for (let position = 0; position < best.length; position++)
    best[position] = (best[position] as number) + (lead[position] as number);
  scores.set(best);
}

/** How many leading tools of each clause gain a bonus, and the bonus of the first (halved for the second, ...). */
const LEADERS = 3;
const LEADER_BONUS = 0.5;

function keepLeader(leaders: { position: number; fused: number }[], position: number, fused: number): void {
  if (leaders.length === LEADERS && fused <= (leaders[LEADERS - 1] as { fused: number }).fused) return;
  let at = leaders.length;
  while (at > 0 && (leaders[at - 1] as { fused: number }).fused < fused) at--;
  leaders.splice(at, 0, { position, fused });
  if (leaders.length > LEADERS) leaders.pop();
}
