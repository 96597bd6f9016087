/**
 * Search benchmark: ranking quality on BFCL (data nobody here wrote) against a plain Okapi BM25 baseline,
 * then index build time, query latency, incremental registration and index memory for 10,000 synthetic tools,
 * and a 100,000-tool run. Not a test: it prints the figures with PASS/MISS markers and exits 0.
 *
 *   bun --conditions=@armorer/source apps/bench/src/search/main.ts [--quick]
 */
import { measureQuality } from './quality';
import { measureSpeed } from './speed';

const quick = process.argv.includes('--quick');
const mark = (pass: boolean) => (pass ? 'PASS' : 'MISS');
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;

const quality = await measureQuality(['BFCL_v4_multiple.json', 'BFCL_v4_parallel_multiple.json']);
console.log(`BFCL multiple + parallel_multiple: ${quality.functions} functions, ${quality.queries} queries`);
console.log(
  `  armorer default ranking   R@1 ${quality.armorer.at1.toFixed(3)}   R@5 ${quality.armorer.at5.toFixed(3)}`,
);
console.log(
  `  Okapi BM25 name+desc      R@1 ${quality.baseline.at1.toFixed(3)}   R@5 ${quality.baseline.at5.toFixed(3)}`,
);
const gain1 = quality.armorer.at1 - quality.baseline.at1;
const gain5 = quality.armorer.at5 - quality.baseline.at5;
console.log(`  ${mark(gain1 >= 0.03)} R@1 +${gain1.toFixed(3)} over BM25 (target: at least +0.030)`);
console.log(`  ${mark(gain5 >= 0.03)} R@5 +${gain5.toFixed(3)} over BM25 (target: at least +0.030)`);
const heldOut = await measureQuality(['BFCL_v4_simple_python.json']);
console.log(
  `  info: BFCL simple_python (${heldOut.functions} functions, ${heldOut.queries} queries): armorer R@1 ${heldOut.armorer.at1.toFixed(3)} R@5 ${heldOut.armorer.at5.toFixed(3)}, BM25 R@1 ${heldOut.baseline.at1.toFixed(3)} R@5 ${heldOut.baseline.at5.toFixed(3)}`,
);

const runs = quick ? 5 : 50;
for (const count of quick ? [10_000] : [10_000, 100_000]) {
  const result = await measureSpeed(count, count > 10_000 ? Math.max(1, runs >> 3) : runs);
  const limits = count === 10_000;
  console.log(`\n${count.toLocaleString('en')} tools (${result.terms} distinct terms)`);
  const line = (label: string, value: string, pass: boolean | undefined, target: string) =>
    console.log(
      `  ${pass === undefined ? 'info' : mark(pass)} ${label.padEnd(34)} ${value.padStart(12)}   ${target}`,
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
    limits ? megabytes <= 50 : undefined,
    limits ? 'target <= 50 MB (predecessor 1 GB)' : '',
  );
}
