import { measure } from 'mitata';
import { type BenchCase, type CaseKey, createBenchCases } from './cases';
import { measureRegistryHeap, type RegistryHeapCost } from './memory';

/** How long and how thoroughly to run: the full bench, or a smoke run for tests and CI. */
export interface BenchOptions {
  readonly quick: boolean;
  /** Interleaved rounds (default 21, quick 2). */
  readonly rounds?: number;
}

/** Timing of one case, in nanoseconds per call. */
export interface CaseTiming {
  readonly key: CaseKey;
  readonly label: string;
  /** CPU time per call, the median over the interleaved rounds. */
  readonly cpuNs: number;
  /** Wall clock (mitata), one run after the rounds. */
  readonly meanNs: number;
  readonly p50Ns: number;
  readonly p99Ns: number;
  readonly samples: number;
}

/** Every round's CPU time per call per case, in the order the rounds ran. */
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

/** CPU time per call, in nanoseconds, of `calls` sequential awaited calls (user + system of this process). */
async function cpuNsPerCall(run: () => Promise<unknown>, calls: number): Promise<number> {
  const started = process.cpuUsage();
  for (let index = 0; index < calls; index++) await run();
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / calls;
}

/**
 * Runs the cases in interleaved rounds, then the heap measurement; one call, one report. Each round times
 * every case once, starting from a different case, as the CPU time of a block of sequential calls: on a
 * shared machine the time a process waits for a core is not its cost, and the CPU clock leaves it out.
 * The wall-clock figures of the table come from one mitata run per case after the rounds.
 */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const cases = createBenchCases();
  for (const benchCase of cases) {
    const value = await benchCase.run();
    if (value !== 3) throw new Error(`${benchCase.label} returned ${String(value)}, expected 3`);
  }
  const roundCount = options.rounds ?? (options.quick ? 2 : 21);
  const calls = options.quick ? 200 : 20_000;
  // Warm-up: every case through the JIT tiers before anything counts.
  for (const benchCase of cases) await cpuNsPerCall(benchCase.run, calls * 2);
  const rounds: Record<CaseKey, number>[] = [];
  for (let round = 0; round < roundCount; round++) {
    const perCall = {} as Record<CaseKey, number>;
    for (let offset = 0; offset < cases.length; offset++) {
      const benchCase = cases[(round + offset) % cases.length] as BenchCase;
      perCall[benchCase.key] = await cpuNsPerCall(benchCase.run, calls);
    }
    rounds.push(perCall);
  }
  const timings: CaseTiming[] = [];
  for (const benchCase of cases) {
    const stats = await measure(
      benchCase.run,
      options.quick ? { min_cpu_time: 5e6, max_samples: 50, warmup_samples: 1 } : { min_cpu_time: 4e8 },
    );
    timings.push({
      key: benchCase.key,
      label: benchCase.label,
      cpuNs: median(rounds.map((round) => round[benchCase.key])),
      meanNs: stats.avg,
      p50Ns: stats.p50,
      p99Ns: stats.p99,
      samples: stats.samples.length,
    });
  }
  // Last: the 10,000 registered tools it builds must not sit in the heap the timed calls collect.
  const heap = measureRegistryHeap(options.quick ? QUICK_TOOL_COUNT : TOOL_COUNT);
  return { quick: options.quick, timings, rounds, heap };
}
