/**
 * Search benchmark: ranking quality on the development sets (data nobody here wrote: StableToolBench,
 * Seal-Tools, API-Bank and BFCL, in `fixtures/`) against Okapi BM25 over the same name and description,
 * measured in the same run; then index build time, query latency, incremental registration and index memory
 * for 10,000 synthetic tools, and a 100,000-tool run. Not a test: it prints the figures with PASS/MISS markers
 * and exits 0.
 *
 *   bun --conditions=@armorer/source apps/bench/src/search/main.ts [--quick]
 */

import { finishTargets, markTarget } from '../targets';
import type { RankingQuality } from './metrics';
import { measureQuality } from './quality';
import { measureSpeed } from './speed';

const quick = process.argv.includes('--quick');
const mark = markTarget;
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;
const figures = (q: RankingQuality) =>
  `R@1 ${q.at1.toFixed(3)}  R@5 ${q.at5.toFixed(3)}  R@10 ${q.at10.toFixed(3)}  MRR@10 ${q.mrr10.toFixed(3)}`;

console.log('Ranking quality, name and description indexed (recall@k = |gold in top k| / |gold|)');
for (const result of await measureQuality()) {
  const margin = result.ours.at5 - result.bm25.at5;
  console.log(`\n${result.set}: ${result.tools} tools, ${result.queries} queries`);
  console.log(`  armorer default ranking   ${figures(result.ours)}`);
  console.log(`  Okapi BM25 (stopwords)    ${figures(result.bm25)}`);
  console.log(`  Okapi BM25 (every word)   ${figures(result.bm25AllWords)}`);
  console.log(
    `  ${mark(`${result.set}: R@5 margin over BM25`, margin >= 0.1)} R@5 margin ${margin >= 0 ? '+' : ''}${margin.toFixed(3)} over the stronger BM25 (target: at least +0.100)`,
  );
  console.log(
    `  ${mark(`${result.set}: latency`, result.p50Ms <= 1 && result.p99Ms <= 3)} latency p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)} (target p50 <= 1 ms, p99 <= 3 ms); index build ${ms(result.buildMs)}`,
  );
}
if (!quick) {
  console.log('\nWith parameter names and descriptions indexed as well (info: must not lose on any set)');
  for (const result of await measureQuality(true)) {
    console.log(`  ${result.set.padEnd(24)} armorer ${figures(result.ours)}`);
  }
}

const runs = quick ? 5 : 50;
for (const count of quick ? [10_000] : [10_000, 100_000]) {
  const result = await measureSpeed(count, count > 10_000 ? Math.max(1, runs >> 3) : runs);
  const limits = count === 10_000;
  console.log(`\n${count.toLocaleString('en')} tools (${result.terms} distinct terms)`);
  const line = (label: string, value: string, pass: boolean | undefined, target: string) =>
    console.log(
      `  ${pass === undefined ? 'info' : mark(`${count} tools: ${label}`, pass)} ${label.padEnd(34)} ${value.padStart(12)}   ${target}`,
    );
  line(
    'build index (first query)',
    ms(result.buildMs),
    limits ? result.buildMs <= 150 : undefined,
    limits ? 'target <= 150 ms (predecessor 3.4 s)' : '',
  );
  line('rebuild (reindexSearchIndex)', ms(result.rebuildMs), undefined, '');
  line(
    'text query p50 (contains, limit 10)',
    ms(result.contains.p50),
    limits ? result.contains.p50 <= 0.5 : undefined,
    limits ? 'target <= 0.5 ms (predecessor 14 ms)' : '',
  );
  line('text query p99', ms(result.contains.p99), undefined, '');
  line('text query p50 (contains, no limit)', ms(result.containsAll.p50), undefined, '');
  line('searchTools p50 (relevance, lexical)', ms(result.relevance.p50), undefined, '');
  line(
    'fuzzy query p50',
    ms(result.fuzzy.p50),
    limits ? result.fuzzy.p50 <= 5 : undefined,
    limits ? 'target <= 5 ms (predecessor 181 ms)' : '',
  );
  line('fuzzy query p99', ms(result.fuzzy.p99), undefined, '');
  line(
    'query after registering one more',
    ms(result.incrementalMs),
    limits ? result.incrementalMs < result.buildMs / 10 : undefined,
    limits ? 'incremental: < 10% of a build' : '',
  );
  const megabytes = result.indexBytes / 1e6;
  line(
    'index memory',
    `${megabytes.toFixed(1)} MB`,
    limits ? megabytes <= 10 : undefined,
    limits ? 'target <= 10 MB' : '',
  );
}
finishTargets();
