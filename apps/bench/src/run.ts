import { measure } from 'mitata';
import { type BenchCase, type CaseKey, createBenchCases } from './cases';
import { measureRegistryHeap, type RegistryHeapCost } from './memory';

/** How long and how thoroughly to run: the full bench, or a smoke run for tests and CI. */
export interface BenchOptions {
  readonly quick: boolean;
  /** Interleaved rounds (default 15, quick 2). */
  readonly rounds?: number;
}

/** Timing of one case, in nanoseconds per call: the median over the rounds of each round's figure. */
export interface CaseTiming {
  readonly key: CaseKey;
  readonly label: string;
  readonly meanNs: number;
  readonly p50Ns: number;
  readonly p99Ns: number;
  readonly samples: number;
}

/** Every round's mean per case, in the order the rounds ran. */
export type RoundMeans = readonly Readonly<Record<CaseKey, number>>[];

export interface BenchReport {
  readonly quick: boolean;
  readonly timings: readonly CaseTiming[];
  readonly rounds: RoundMeans;
  readonly heap: RegistryHeapCost;
}

/** Registry size for the heap measurement. */
export const TOOL_COUNT = 10_000;
const QUICK_TOOL_COUNT = 200;

/** The median of some numbers (NaN for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The median over the rounds of `numerator / denominator`, each ratio taken within one round: the cases
 * of a round ran back to back, so a load spike on a shared machine moves both sides of its ratio.
 */
export function medianRatio(rounds: RoundMeans, numerator: CaseKey, denominator: CaseKey): number {
  return median(rounds.map((round) => round[numerator] / round[denominator]));
}

interface Sample {
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly samples: number;
}

async function sample(benchCase: BenchCase, quick: boolean, cpuTimeNs: number): Promise<Sample> {
  const stats = await measure(
    benchCase.run,
    quick ? { min_cpu_time: 5e6, max_samples: 50, warmup_samples: 1 } : { min_cpu_time: cpuTimeNs },
  );
  return { mean: stats.avg, p50: stats.p50, p99: stats.p99, samples: stats.samples.length };
}

/**
 * Runs the cases in interleaved rounds (each round times every case once, starting from a different
 * case), then the heap measurement; one call, one report.
 */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const heap = measureRegistryHeap(options.quick ? QUICK_TOOL_COUNT : TOOL_COUNT);
  const cases = createBenchCases();
  for (const benchCase of cases) {
    const value = await benchCase.run();
    if (value !== 3) throw new Error(`${benchCase.label} returned ${String(value)}, expected 3`);
  }
  const roundCount = options.rounds ?? (options.quick ? 2 : 15);
  const perCase = new Map<CaseKey, Sample[]>(cases.map((benchCase) => [benchCase.key, []]));
  const rounds: Record<CaseKey, number>[] = [];
  for (let round = 0; round < roundCount; round++) {
    const means = {} as Record<CaseKey, number>;
    for (let offset = 0; offset < cases.length; offset++) {
      const benchCase = cases[(round + offset) % cases.length] as BenchCase;
      const measured = await sample(benchCase, options.quick, 150e6);
      perCase.get(benchCase.key)?.push(measured);
      means[benchCase.key] = measured.mean;
    }
    rounds.push(means);
  }
  const timings = cases.map((benchCase): CaseTiming => {
    const samples = perCase.get(benchCase.key) ?? [];
    return {
      key: benchCase.key,
      label: benchCase.label,
      meanNs: median(samples.map((s) => s.mean)),
      p50Ns: median(samples.map((s) => s.p50)),
      p99Ns: median(samples.map((s) => s.p99)),
      samples: samples.reduce((total, s) => total + s.samples, 0),
    };
  });
  return { quick: options.quick, timings, rounds, heap };
}
