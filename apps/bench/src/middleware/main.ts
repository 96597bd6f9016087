/**
 * Per-call cost of the production middleware (`@armorer/middleware`) on the toolbox hot path: each case
 * is the same `toolbox.execute` call as the no-middleware baseline, with one middleware (or the spec's
 * stack) registered. Run: `bun --conditions=@armorer/source apps/bench/src/middleware/main.ts` (`--quick`
 * for a smoke run). Every case is measured in several interleaved rounds and the best mean is kept, so a
 * busy machine skews the figures less. Prints mean/p50/p99, the ratio to the baseline and the cost added
 * per call, and the budgets with PASS/MISS markers; the exit code is 0 either way.
 */
import { measure } from 'mitata';
import { finishTargets, reportTarget } from '../targets';
import { createMiddlewareCases, type MiddlewareCase } from './cases';

/** Middleware that does not touch a tool costs nothing: the ratio to the baseline, at most. */
const UNTOUCHED_RATIO = 1.15;
/** Cost a middleware that touches the call may add, in nanoseconds per call, at most. */
const ADDED_NS: Readonly<Record<string, number>> = {
  rateLimit: 500,
  truncation: 500,
  cacheHit: 2000,
  timeout: 2000,
  fencing: 2000,
  stack: 3000,
};

const quick = process.argv.includes('--quick');
const rounds = quick ? 1 : 3;

interface Timing {
  readonly meanNs: number;
  readonly p50Ns: number;
  readonly p99Ns: number;
}

async function time(benchCase: MiddlewareCase): Promise<Timing> {
  const value = await benchCase.run();
  if (!benchCase.check(value)) throw new Error(`${benchCase.label} returned ${String(value)}`);
  const stats = await measure(
    benchCase.run,
    quick ? { min_cpu_time: 5e6, max_samples: 50 } : { min_cpu_time: 5e8 },
  );
  return { meanNs: stats.avg, p50Ns: stats.p50, p99Ns: stats.p99 };
}

const cases = createMiddlewareCases();
const best = new Map<string, Timing>();
for (let round = 0; round < rounds; round++) {
  for (const benchCase of cases) {
    const timing = await time(benchCase);
    const previous = best.get(benchCase.key);
    if (previous === undefined || timing.meanNs < previous.meanNs) best.set(benchCase.key, timing);
  }
}

const format = (ns: number) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const baseline = best.get('baseline')?.meanNs ?? Number.NaN;
console.log(`middleware per-call cost, best of ${rounds} round(s)${quick ? ' (quick run)' : ''}`);
for (const benchCase of cases) {
  const timing = best.get(benchCase.key) as Timing;
  console.log(
    `  ${benchCase.label.padEnd(60)} mean ${format(timing.meanNs).padStart(9)}  p50 ${format(timing.p50Ns).padStart(9)}  p99 ${format(timing.p99Ns).padStart(9)}  ${(timing.meanNs / baseline).toFixed(2)}x  +${format(Math.max(0, timing.meanNs - baseline))}`,
  );
}
console.log('budgets');
for (const benchCase of cases) {
  const timing = best.get(benchCase.key) as Timing;
  if (benchCase.key === 'untouched') {
    const ratio = timing.meanNs / baseline;
    reportTarget(benchCase.label, ratio, { atMost: UNTOUCHED_RATIO }, '  ');
    continue;
  }
  const budget = ADDED_NS[benchCase.key];
  if (budget === undefined) continue;
  const added = timing.meanNs - baseline;
  reportTarget(
    `${benchCase.label}, added per call`,
    Math.max(0, added) / 1000,
    { atMost: budget / 1000, unit: ' µs', digits: 3 },
    '  ',
  );
}
finishTargets();
