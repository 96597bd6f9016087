/**
 * Per-call cost of `armorer/idempotency` on the toolbox hot path, against the undecorated toolbox in the
 * same run: a deduped hit must cost at most 1.5x an uncached call of a no-op tool, and a fresh call
 * (claim, run, record) may add at most 2 µs. Run: `bun --conditions=@armorer/source
 * apps/bench/src/idempotency/main.ts` (`--quick` for a smoke run). Each case is measured in several
 * interleaved rounds and the best mean is kept. The exit code is 0 either way: a benchmark, not a test.
 */
import { measure } from 'mitata';
import { createIdempotencyCases, type IdempotencyCase } from './cases';

const DEDUPED_RATIO = 1.5;
const FRESH_ADDED_NS = 2000;
const PASS_THROUGH_RATIO = 1.15;

const quick = process.argv.includes('--quick');
const rounds = quick ? 1 : 3;

interface Timing {
  readonly meanNs: number;
  readonly p50Ns: number;
  readonly p99Ns: number;
}

async function time(benchCase: IdempotencyCase): Promise<Timing> {
  const value = await benchCase.run();
  if (!benchCase.check(value)) throw new Error(`${benchCase.label} returned ${String(value)}`);
  const stats = await measure(
    benchCase.run,
    quick ? { min_cpu_time: 5e6, max_samples: 50 } : { min_cpu_time: 5e8 },
  );
  return { meanNs: stats.avg, p50Ns: stats.p50, p99Ns: stats.p99 };
}

const cases = createIdempotencyCases();
const best = new Map<string, Timing>();
for (let round = 0; round < rounds; round++) {
  for (const benchCase of cases) {
    const timing = await time(benchCase);
    const previous = best.get(benchCase.key);
    if (previous === undefined || timing.meanNs < previous.meanNs) best.set(benchCase.key, timing);
  }
}

const format = (ns: number) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const mean = (key: string) => best.get(key)?.meanNs ?? Number.NaN;
const baseline = mean('baseline');
console.log(`idempotency per-call cost, best of ${rounds} round(s)${quick ? ' (quick run)' : ''}`);
for (const benchCase of cases) {
  const timing = best.get(benchCase.key) as Timing;
  console.log(
    `  ${benchCase.label.padEnd(56)} mean ${format(timing.meanNs).padStart(9)}  p50 ${format(timing.p50Ns).padStart(9)}  p99 ${format(timing.p99Ns).padStart(9)}  ${(timing.meanNs / baseline).toFixed(2)}x  +${format(Math.max(0, timing.meanNs - baseline))}`,
  );
}
const dedupedRatio = mean('deduped') / baseline;
const freshAdded = mean('fresh') - baseline;
const layerAdded = mean('freshLayer') - baseline;
const passRatio = mean('passThrough') / baseline;
console.log('budgets');
console.log(
  `  ${dedupedRatio <= DEDUPED_RATIO ? 'PASS' : 'MISS'} deduped hit / undecorated call: ${dedupedRatio.toFixed(2)}x (<= ${DEDUPED_RATIO}x)`,
);
console.log(
  `  ${freshAdded <= FRESH_ADDED_NS ? 'PASS' : 'MISS'} fresh call over the undecorated call: +${format(Math.max(0, freshAdded))} (<= +${format(FRESH_ADDED_NS)})`,
);
console.log(
  `  info fresh call without store inserts (the layer's own work) over the undecorated call: +${format(Math.max(0, layerAdded))}`,
);
console.log(
  `  ${passRatio <= PASS_THROUGH_RATIO ? 'PASS' : 'MISS'} keyless call through the idempotent toolbox: ${passRatio.toFixed(2)}x (<= ${PASS_THROUGH_RATIO}x)`,
);
