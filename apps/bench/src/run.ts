import { measure } from 'mitata';
import { type BenchCase, type CaseKey, createBenchCases } from './cases';
import { measureRegistryHeap, type RegistryHeapCost } from './memory';

/** How long and how thoroughly to run: the full bench, or a smoke run for tests and CI. */
export interface BenchOptions {
  readonly quick: boolean;
}

/** Timing of one case, in nanoseconds per call. */
export interface CaseTiming {
  readonly key: CaseKey;
  readonly label: string;
  readonly meanNs: number;
  readonly p50Ns: number;
  readonly p99Ns: number;
  readonly samples: number;
}

export interface BenchReport {
  readonly quick: boolean;
  readonly timings: readonly CaseTiming[];
  readonly heap: RegistryHeapCost;
}

/** Registry size for the heap measurement. */
export const TOOL_COUNT = 10_000;
const QUICK_TOOL_COUNT = 200;

async function time(benchCase: BenchCase, quick: boolean): Promise<CaseTiming> {
  const value = await benchCase.run();
  if (value !== 3) throw new Error(`${benchCase.label} returned ${String(value)}, expected 3`);
  const stats = await measure(
    benchCase.run,
    quick ? { min_cpu_time: 5e6, max_samples: 50, warmup_samples: 1 } : { min_cpu_time: 2e9 },
  );
  return {
    key: benchCase.key,
    label: benchCase.label,
    meanNs: stats.avg,
    p50Ns: stats.p50,
    p99Ns: stats.p99,
    samples: stats.samples.length,
  };
}

/** Runs every case, then the heap measurement; one call, one report. */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const heap = measureRegistryHeap(options.quick ? QUICK_TOOL_COUNT : TOOL_COUNT);
  const timings: CaseTiming[] = [];
  for (const benchCase of createBenchCases()) timings.push(await time(benchCase, options.quick));
  return { quick: options.quick, timings, heap };
}
