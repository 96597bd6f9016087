/**
 * Per-call cost of `armorer/idempotency` on the toolbox hot path, against the undecorated toolbox in the
 * same run: a deduped hit must cost at most 1.5x an uncached call of a no-op tool, and a fresh call
 * (claim, run, record) may add at most 2 µs. Run: `bun --conditions=@armorer/source
 * apps/bench/src/idempotency/main.ts` (`--quick` for a smoke run). The cases are interleaved: every round
 * times a batch of sequential calls of each case in turn, and each case keeps its fastest round (the
 * least disturbed by other processes on a shared machine) and its median round. The exit code is 0 either
 * way: a benchmark, not a test.
 */

import { finishTargets, reportTarget } from '../targets';
import { createIdempotencyCases, type IdempotencyCase } from './cases';

const DEDUPED_RATIO = 1.5;
const FRESH_ADDED_NS = 2000;
const PASS_THROUGH_RATIO = 1.15;

const quick = process.argv.includes('--quick');
const rounds = quick ? 3 : 25;
const callsPerRound = quick ? 500 : 20_000;

async function timeRound(benchCase: IdempotencyCase): Promise<number> {
  const started = performance.now();
  for (let call = 0; call < callsPerRound; call++) await benchCase.run();
  return ((performance.now() - started) * 1e6) / callsPerRound;
}

const cases = createIdempotencyCases();
for (const benchCase of cases) {
  const value = await benchCase.run();
  if (!benchCase.check(value)) throw new Error(`${benchCase.label} returned ${String(value)}`);
}
const samples = new Map<string, number[]>(cases.map((benchCase) => [benchCase.key, []]));
for (let round = 0; round < rounds; round++) {
  for (const benchCase of cases) samples.get(benchCase.key)?.push(await timeRound(benchCase));
}
const sorted = (key: string) => [...(samples.get(key) ?? [])].sort((left, right) => left - right);
const best = (key: string) => sorted(key)[0] ?? Number.NaN;
const median = (key: string) => {
  const values = sorted(key);
  return values[Math.floor(values.length / 2)] ?? Number.NaN;
};

const format = (ns: number) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);

const baseline = best('baseline');
console.log(
  `idempotency per-call cost: ${rounds} interleaved rounds of ${callsPerRound} calls per case${quick ? ' (quick run)' : ''}`,
);
for (const benchCase of cases) {
  console.log(
    `  ${benchCase.label.padEnd(56)} best ${format(best(benchCase.key)).padStart(9)}  median ${format(median(benchCase.key)).padStart(9)}  ${(best(benchCase.key) / baseline).toFixed(2)}x  +${format(Math.max(0, best(benchCase.key) - baseline))}  (median ${(median(benchCase.key) / median('baseline')).toFixed(2)}x)`,
  );
}
const dedupedRatio = best('deduped') / baseline;
const freshAdded = best('fresh') - baseline;
const layerAdded = best('freshLayer') - baseline;
const passRatio = best('passThrough') / baseline;
console.log('budgets');
reportTarget('deduped hit / undecorated call', dedupedRatio, { atMost: DEDUPED_RATIO }, '  ');
reportTarget(
  'fresh call over the undecorated call',
  Math.max(0, freshAdded) / 1000,
  { atMost: FRESH_ADDED_NS / 1000, unit: ' µs' },
  '  ',
);
console.log(
  `  info fresh call without store inserts (the layer's own work) over the undecorated call: +${format(Math.max(0, layerAdded))}`,
);
reportTarget('keyless call through the idempotent toolbox', passRatio, { atMost: PASS_THROUGH_RATIO }, '  ');
finishTargets();
