import { createToolbox } from '@armorer/core';
import { searchTools } from '@armorer/query';
import { percentile, type RankingQuality, rankingQuality } from './metrics';
import { OkapiBm25 } from './okapi-bm25';
import type { RetrievalSet } from './retrieval-sets';
import { setTool, toolName } from './retrieval-sets';
import { type RequestSample, type SlowestShare, slowestShare, wordCount } from './slowest';
import { type ThreadTimes, threadTimes, threadTimesSince } from './thread-time';

/** Ours (through `searchTools` on a toolbox) and BM25 over one set, with latency and the index build. */
export interface SetResult {
  readonly set: string;
  readonly tools: number;
  readonly queries: number;
  readonly ours: RankingQuality;
  /** Okapi BM25 with an English stopword list. */
  readonly bm25: RankingQuality;
  /** Okapi BM25 over every word (the form the sets' README reports). */
  readonly bm25AllWords: RankingQuality;
  /** Wall time per request of the first pass over the requests (the index cold but built). */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /**
   * The first pass's main thread per request, on average: time on a core and time runnable but waiting for
   * one while other processes ran (Linux; `undefined` elsewhere). The kernel counts a running thread's time
   * at its ticks, so only a pass's total is exact enough to divide, not one request's share.
   */
  readonly firstPass: ThreadTimes | undefined;
  /** The slowest 1% of the first pass's requests: early (JIT), long, or waiting for a core. */
  readonly firstSlowest: SlowestShare;
  /** A second pass over the same requests (JIT-compiled, lazy structures built): wall p50/p99, mean times. */
  readonly warm:
    | { readonly p50Ms: number; readonly p99Ms: number; readonly perRequest: ThreadTimes | undefined }
    | undefined;
  readonly buildMs: number;
}

/** Ranks every request of a set with the default ranking and with Okapi BM25 over the same text. */
export async function evaluateSet(set: RetrievalSet, withParameters = false): Promise<SetResult> {
  const toolbox = createToolbox(set.tools.map((tool) => setTool(tool, withParameters)));
  const buildStarted = performance.now();
  await searchTools(toolbox, { query: 'warm up the index', limit: 1 });
  const buildMs = performance.now() - buildStarted;
  const rankings: string[][] = [];
  const times: number[] = [];
  const perRequest = (total: ThreadTimes | undefined): ThreadTimes | undefined =>
    total === undefined
      ? undefined
      : { runMs: total.runMs / set.queries.length, waitMs: total.waitMs / set.queries.length };
  const samples: RequestSample[] = [];
  const firstStarted = threadTimes();
  for (const [position, query] of set.queries.entries()) {
    // The scheduler's reading is taken outside the timed span.
    const before = threadTimes();
    const started = performance.now();
    const matches = await searchTools(toolbox, { query: query.query, limit: 10 });
    const wallMs = performance.now() - started;
    const after = threadTimes();
    times.push(wallMs);
    const waitMs = before === undefined || after === undefined ? 0 : after.waitMs - before.waitMs;
    samples.push({ position, wallMs, waitMs, words: wordCount(query.query) });
    rankings.push(matches.map((match) => match.name));
  }
  const firstPass = perRequest(threadTimesSince(firstStarted));
  let warm: SetResult['warm'];
  if (!withParameters) {
    const warmTimes: number[] = [];
    const warmStarted = threadTimes();
    for (const query of set.queries) {
      const started = performance.now();
      await searchTools(toolbox, { query: query.query, limit: 10 });
      warmTimes.push(performance.now() - started);
    }
    warm = {
      p50Ms: percentile(warmTimes, 50),
      p99Ms: percentile(warmTimes, 99),
      perRequest: perRequest(threadTimesSince(warmStarted)),
    };
  }
  const texts = set.tools.map((tool) => `${tool.name} ${tool.description}`);
  const golds = set.queries.map((query) => query.gold.map(toolName));
  const baseline = (bm25: OkapiBm25) =>
    rankingQuality(
      golds,
      set.queries.map((query) =>
        bm25.top(query.query, 10).map((doc) => toolName(set.tools[doc]?.name ?? '')),
      ),
    );
  return {
    set: set.name,
    tools: set.tools.length,
    queries: set.queries.length,
    ours: rankingQuality(golds, rankings),
    bm25: baseline(new OkapiBm25(texts)),
    bm25AllWords: baseline(new OkapiBm25(texts, { stopwords: false })),
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    firstPass,
    firstSlowest: slowestShare(samples),
    warm,
    buildMs,
  };
}
