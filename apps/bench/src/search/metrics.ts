/** Ranking quality of one ranker over a set of requests, averaged over the requests. */
export interface RankingQuality {
  /** |gold in top k| / |gold|. */
  readonly at1: number;
  readonly at5: number;
  readonly at10: number;
  /** Reciprocal rank of the first gold tool in the top 10 (0 when none is there). */
  readonly mrr10: number;
}

/** Recall at 1, 5 and 10 and MRR@10 of rankings (best first) against each request's gold names. */
export function rankingQuality(
  golds: readonly (readonly string[])[],
  rankings: readonly (readonly string[])[],
): RankingQuality {
  let at1 = 0;
  let at5 = 0;
  let at10 = 0;
  let mrr10 = 0;
  golds.forEach((gold, index) => {
    const ranked = rankings[index] ?? [];
    const found = (k: number) => gold.filter((name) => ranked.slice(0, k).includes(name)).length;
    at1 += found(1) / gold.length;
    at5 += found(5) / gold.length;
    at10 += found(10) / gold.length;
    const first = ranked.slice(0, 10).findIndex((name) => gold.includes(name));
    if (first >= 0) mrr10 += 1 / (first + 1);
  });
  const count = Math.max(1, golds.length);
  return { at1: at1 / count, at5: at5 / count, at10: at10 / count, mrr10: mrr10 / count };
}

/** The p-th percentile (0-100) of samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
