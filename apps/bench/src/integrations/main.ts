/**
 * Per-call cost of the integrations: `instrument()` on a no-op toolbox call (no tracer registered, and the
 * real OpenTelemetry SDK with an in-memory exporter), a call through `toOpenAIAgentTools` against the
 * Agents SDK's own `tool()` for the same function, and one through `toAISDKTools` against the AI SDK's own
 * `tool()`. Run: `bun --conditions=@armorer/source apps/bench/src/integrations/main.ts` (`--quick` for a smoke run). Cases are measured in interleaved
 * rounds the fastest batch is kept. Prints the ratios and the budgets with PASS/MISS; exits 0 either way.
 */

import { finishTargets, reportTarget } from '../targets';
import { createIntegrationCases, type IntegrationCase } from './cases';

/**
 * What `instrument()` may add, in microseconds, over the SDK's own `startSpan` + `end` on the same call (the
 * instrumented call minus the bare call minus the SDK's span alone): the restated budget of issue 31.
 */
const SDK_TRACER_ADDED_US = 1;

/** Budgets: ratio of a case to its baseline, at most. */
const BUDGETS: ReadonlyArray<{ key: string; baseline: string; ratio: number }> = [
  { key: 'noTracer', baseline: 'bare', ratio: 1.05 },
  { key: 'agentTool', baseline: 'sdkTool', ratio: 1.2 },
  { key: 'aiSdkArmorer', baseline: 'aiSdkTool', ratio: 2.5 },
];

const quick = process.argv.includes('--quick');
const rounds = quick ? 3 : 40;
const batch = quick ? 200 : 2000;

/** Mean time per call of one batch of sequential calls, in nanoseconds. */
async function timeBatch(benchCase: IntegrationCase): Promise<number> {
  const started = Bun.nanoseconds();
  for (let index = 0; index < batch; index++) await benchCase.run();
  return (Bun.nanoseconds() - started) / batch;
}

// The machine is shared: cases alternate batch by batch, and each keeps its fastest and median batch, so
// interference from other processes inflates the figures as little as possible and hits every case alike.
const cases = createIntegrationCases();
for (const benchCase of cases) {
  const value = await benchCase.run();
  if (!benchCase.check(value)) throw new Error(`${benchCase.label} returned ${String(value)}`);
  await timeBatch(benchCase);
}
const samples = new Map<string, number[]>(cases.map((benchCase) => [benchCase.key, []]));
for (let round = 0; round < rounds; round++) {
  for (const benchCase of cases) samples.get(benchCase.key)?.push(await timeBatch(benchCase));
}
const best = new Map<string, { meanNs: number; p50Ns: number }>();
for (const [key, values] of samples) {
  const sorted = [...values].sort((a, b) => a - b);
  best.set(key, {
    meanNs: sorted[0] ?? Number.NaN,
    p50Ns: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
  });
}

const format = (ns: number) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const mean = (key: string) => best.get(key)?.meanNs ?? Number.NaN;
console.log(
  `integrations per-call cost: fastest and median of ${rounds} batches of ${batch} calls${quick ? ' (quick run)' : ''}`,
);
for (const benchCase of cases) {
  const timing = best.get(benchCase.key);
  if (timing === undefined) continue;
  console.log(
    `  ${`[${benchCase.group}] ${benchCase.label}`.padEnd(84)} fastest ${format(timing.meanNs).padStart(9)}  median ${format(timing.p50Ns).padStart(9)}`,
  );
}
console.log('budgets');
for (const budget of BUDGETS) {
  const ratio = mean(budget.key) / mean(budget.baseline);
  const median =
    (best.get(budget.key)?.p50Ns ?? Number.NaN) / (best.get(budget.baseline)?.p50Ns ?? Number.NaN);
  reportTarget(
    `${budget.key} / ${budget.baseline}`,
    ratio,
    { atMost: budget.ratio, note: `medians ${median.toFixed(2)}x` },
    '  ',
  );
}
// Fastest batches, and the medians beside them: the instrumented call less the bare call and the SDK's own span.
const added = mean('sdkTracer') - mean('bare') - mean('sdkSpan');
const addedMedian =
  (best.get('sdkTracer')?.p50Ns ?? Number.NaN) -
  (best.get('bare')?.p50Ns ?? Number.NaN) -
  (best.get('sdkSpan')?.p50Ns ?? Number.NaN);
reportTarget(
  'instrument() with the SDK tracer over bare call + the SDK span alone',
  added / 1000,
  { atMost: SDK_TRACER_ADDED_US, unit: ' µs', note: `medians ${(addedMedian / 1000).toFixed(2)} µs` },
  '  ',
);
finishTargets();
