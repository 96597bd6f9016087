import type { QueryTerm } from './query-terms';
import type { SearchIndex } from './search-index';

/** The documents one query term matched, with the term's BM25F score and whether it matched the name. */
export interface TermHits {
  readonly docs: ArrayLike<number>;
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
  /** The documents the current clause matched, in the order matched. */
  touched: Int32Array;
  /** Per position of the ranking: its best fused score, and its leader bonus. */
  best: Float64Array;
  lead: Float64Array;
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
      touched: new Int32Array(capacity),
      best: new Float64Array(capacity),
      lead: new Float64Array(capacity),
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
 * The best three of each clause gain a bonus, and so does the best tool for the words the clause's first
 * does not match (a clause that asks for two things).
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
  for (let position = 0; position < scores.length; position++)
    if ((scores[position] as number) > bestWhole) bestWhole = scores[position] as number;
  if (bestWhole <= 0) return;
  const { best, lead } = scratch;
  const { score, nameHits, stamp, slot, touched } = scratch;
  for (let position = 0; position < docs.length; position++) {
    slot[docs[position] as number] = position;
    best[position] = ((scores[position] as number) / bestWhole) * (1 + CONTEXT_WEIGHT);
    lead[position] = 0;
  }
  const leaders = new Leaders();
  for (const segment of segments) {
    const current = ++scratch.current;
    let touchedCount = 0;
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
          touched[touchedCount++] = doc;
        }
        score[doc] = (score[doc] as number) + (termHits.scores[position] as number);
        nameHits[doc] = (nameHits[doc] as number) + (termHits.inName[position] as number);
      }
    }
    let bestSegment = 0;
    for (let at = 0; at < touchedCount; at++) {
      const doc = touched[at] as number;
      const nameLength = index.nameLength(doc);
      const coverage = nameLength === 0 ? 0 : Math.min(1, (nameHits[doc] as number) / nameLength);
      score[doc] = (score[doc] as number) * (1 + nameBoost * coverage);
      if ((score[doc] as number) > bestSegment) bestSegment = score[doc] as number;
    }
    if (bestSegment <= 0) continue;
    leaders.clear();
    for (let at = 0; at < touchedCount; at++) {
      const doc = touched[at] as number;
      const position = slot[doc] as number;
      if (docs[position] !== doc) continue;
      const fused =
        (score[doc] as number) / bestSegment + (CONTEXT_WEIGHT * (scores[position] as number)) / bestWhole;
      if (fused > (best[position] as number)) best[position] = fused;
      leaders.keep(position, fused);
    }
    for (let rank = 0; rank < leaders.count; rank++) {
      const position = leaders.positions[rank] as number;
      const bonus = LEADER_BONUS / (rank + 1);
      if (bonus > (lead[position] as number)) lead[position] = bonus;
    }
    // A clause can ask for two things ("use the data from dataset.csv and fit a linear regression model"):
    // the best tool for the words its leader does not match ranks as the clause's second.
    if (leaders.count === 0) continue;
    const leader = docs[leaders.positions[0] as number] as number;
    const other = otherLeader(scratch, terms, segment, hits, leader);
    const position = other < 0 ? -1 : (slot[other] as number);
    if (position >= 0 && docs[position] === other && LEADER_BONUS / 2 > (lead[position] as number))
      lead[position] = LEADER_BONUS / 2;
  }
  for (let position = 0; position < docs.length; position++)
    scores[position] = (best[position] as number) + (lead[position] as number);
}

/**
 * The tool that scores best on the terms of a clause that `leader` does not match, or -1 (reuses the clause
 * buffers: call it once the clause's own scores are read).
 */
function otherLeader(
  scratch: SegmentScratch,
  terms: readonly QueryTerm[],
  segment: readonly number[],
  hits: ReadonlyMap<QueryTerm, TermHits>,
  leader: number,
): number {
  const current = ++scratch.current;
  const { score, stamp, touched } = scratch;
  let touchedCount = 0;
  for (const termIndex of segment) {
    const term = terms[termIndex];
    const termHits = term === undefined ? undefined : hits.get(term);
    if (termHits === undefined || holds(termHits.docs, leader)) continue;
    for (let position = 0; position < termHits.docs.length; position++) {
      const doc = termHits.docs[position] as number;
      if (stamp[doc] !== current) {
        stamp[doc] = current;
        score[doc] = 0;
        touched[touchedCount++] = doc;
      }
      score[doc] = (score[doc] as number) + (termHits.scores[position] as number);
    }
  }
  let best = -1;
  let bestScore = 0;
  for (let at = 0; at < touchedCount; at++) {
    const doc = touched[at] as number;
    if ((score[doc] as number) > bestScore) {
      bestScore = score[doc] as number;
      best = doc;
    }
  }
  return best;
}

function holds(docs: ArrayLike<number>, doc: number): boolean {
  for (let at = 0; at < docs.length; at++) if (docs[at] === doc) return true;
  return false;
}

/** How many leading tools of each clause gain a bonus, and the bonus of the first (halved for the second, ...). */
const LEADERS = 3;
const LEADER_BONUS = 0.5;

/**
 * The {@link LEADERS} best positions of a clause, best first; a later position ties below an earlier one.
 * Fixed arrays: a clause of a long request offers thousands of candidates.
 */
class Leaders {
  readonly positions = new Int32Array(LEADERS);
  readonly fused = new Float64Array(LEADERS);
  count = 0;

  clear(): void {
    this.count = 0;
  }

  keep(position: number, fused: number): void {
    const scores = this.fused;
    if (this.count === LEADERS && fused <= (scores[LEADERS - 1] as number)) return;
    let at = this.count;
    while (at > 0 && (scores[at - 1] as number) < fused) at--;
    const last = Math.min(this.count, LEADERS - 1);
    for (let move = last; move > at; move--) {
      scores[move] = scores[move - 1] as number;
      this.positions[move] = this.positions[move - 1] as number;
    }
    scores[at] = fused;
    this.positions[at] = position;
    if (this.count < LEADERS) this.count++;
  }
}
