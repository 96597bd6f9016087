import type { RankResult } from './rank';

/** A ranked document. */
export interface Ranked {
  readonly doc: number;
  readonly score: number;
}

/**
 * The documents of a ranking that pass `accept`, best first (ties in index order), skipping `offset` and
 * keeping at most `limit`. With a limit only a heap of `offset + limit` entries is kept.
 */
export function topRanked(
  result: RankResult,
  accept: ((doc: number) => boolean) | undefined,
  offset: number,
  limit: number | undefined,
): Ranked[] {
  const { docs, scores } = result;
  const wanted = limit === undefined ? Number.POSITIVE_INFINITY : offset + limit;
  if (wanted === 0) return [];
  const kept: Ranked[] = [];
  for (let index = 0; index < docs.length; index++) {
    const doc = docs[index] as number;
    if (accept !== undefined && !accept(doc)) continue;
    const score = scores[index] as number;
    if (kept.length < wanted) {
      kept.push({ doc, score });
      if (kept.length === wanted) heapify(kept);
    } else if (outranks(doc, score, kept[0] as Ranked)) {
      // Only an entry that enters the heap is made.
      kept[0] = { doc, score };
      siftDown(kept, 0);
    }
  }
  kept.sort((a, b) => (better(a, b) ? -1 : 1));
  return kept.slice(offset);
}

function better(a: Ranked, b: Ranked): boolean {
  return a.score > b.score || (a.score === b.score && a.doc < b.doc);
}

function outranks(doc: number, score: number, b: Ranked): boolean {
  return score > b.score || (score === b.score && doc < b.doc);
}

/** A min-heap by rank: the worst kept entry sits at the root. */
function heapify(heap: Ranked[]): void {
  for (let index = (heap.length >>> 1) - 1; index >= 0; index--) siftDown(heap, index);
}

function siftDown(heap: Ranked[], start: number): void {
  let index = start;
  for (;;) {
    const left = index * 2 + 1;
    const right = left + 1;
    let worst = index;
    if (left < heap.length && better(heap[worst] as Ranked, heap[left] as Ranked)) worst = left;
    if (right < heap.length && better(heap[worst] as Ranked, heap[right] as Ranked)) worst = right;
    if (worst === index) return;
    [heap[index], heap[worst]] = [heap[worst] as Ranked, heap[index] as Ranked];
    index = worst;
  }
}
