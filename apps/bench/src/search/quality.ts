import type { AnyTool } from '@armorer/core';
// apps/bench depends on @armorer/core only; the lead wires @armorer/query into its package.json.
import { searchTools } from '@armorer/query';
import { type BfclCorpus, bfclTool, loadBfcl } from './bfcl';
import { OkapiBm25 } from './okapi-bm25';

/** Recall at 1 and 5, averaged over queries (the share of each query's gold names in the top k). */
export interface Recall {
  readonly at1: number;
  readonly at5: number;
}

function recall(corpus: BfclCorpus, rankedNames: readonly (readonly string[])[]): Recall {
  let at1 = 0;
  let at5 = 0;
  corpus.queries.forEach((query, index) => {
    const ranked = rankedNames[index] ?? [];
    const found = (k: number) => query.gold.filter((name) => ranked.slice(0, k).includes(name)).length;
    at1 += found(1) / query.gold.length;
    at5 += found(5) / query.gold.length;
  });
  return { at1: at1 / corpus.queries.length, at5: at5 / corpus.queries.length };
}

/** Recall of the default ranking (`searchTools`, no embedder) and of the Okapi BM25 baseline. */
export async function measureQuality(files: readonly string[]): Promise<{
  readonly functions: number;
  readonly queries: number;
  readonly armorer: Recall;
  readonly baseline: Recall;
}> {
  const corpus = loadBfcl(files);
  const tools: AnyTool[] = corpus.functions.map(bfclTool);
  const ranked: string[][] = [];
  for (const query of corpus.queries) {
    const matches = await searchTools(tools, { query: query.question, limit: 5 });
    ranked.push(matches.map((match) => match.name));
  }
  const bm25 = new OkapiBm25(corpus.functions.map((fn) => `${fn.name} ${fn.description}`));
  const baselineRanked = corpus.queries.map((query) =>
    bm25.top(query.question, 5).map((doc) => corpus.functions[doc]?.name ?? ''),
  );
  return {
    functions: corpus.functions.length,
    queries: corpus.queries.length,
    armorer: recall(corpus, ranked),
    baseline: recall(corpus, baselineRanked),
  };
}
