import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { median } from './run';

/** A batch of calls run at a fixed concurrency, through armorer and through a plain limiter. */
export interface BatchTiming {
  readonly calls: number;
  readonly concurrency: number;
  readonly rounds: number;
  /** Batches per contender in each round. */
  readonly repeats: number;
  /** Best of the rounds, CPU milliseconds per batch (the mean of a round's repeats). */
  readonly baselineMs: number;
  readonly armorerMs: number;
  /** The median over the rounds of armorer / baseline, each taken within one round. */
  readonly medianRatio: number;
}

const schema = z.object({ a: z.number(), b: z.number() });
const add = async ({ a, b }: { a: number; b: number }): Promise<number> => a + b;

/** The raw baseline: `safeParse` + an awaited call, run through a plain worker-pool limiter. */
async function plainLimiter(args: readonly unknown[], concurrency: number): Promise<number[]> {
  const results: number[] = new Array(args.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < args.length) {
      const index = next++;
      const parsed = schema.safeParse(args[index]);
      if (!parsed.success) throw new Error('invalid');
      results[index] = await add(parsed.data);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, args.length) }, worker));
  return results;
}

/** CPU milliseconds (user + system) of this process since `started`. */
function cpuMs(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * Measures `toolbox.execute(calls, { concurrency })` against the plain limiter in interleaved rounds, as CPU
 * time (the time a process waits for a core on a shared machine is not its cost). A round runs each
 * contender `repeats` times back to back and keeps the mean, so one garbage collection landing in a
 * millisecond-long batch does not decide the round.
 */
export async function measureBatch(
  calls: number,
  concurrency: number,
  rounds: number,
  repeats = 1,
): Promise<BatchTiming> {
  const toolbox = createToolbox([
    createTool({ name: 'add', description: 'Add', input: schema, execute: add }),
  ]);
  const args = Array.from({ length: calls }, (_, index) => ({ a: index, b: 1 }));
  const toolCalls = args.map((value, index) => ({ id: `c${index}`, name: 'add', arguments: value }));
  let baselineMs = Number.POSITIVE_INFINITY;
  let armorerMs = Number.POSITIVE_INFINITY;
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let started = process.cpuUsage();
    let raw: number[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) raw = await plainLimiter(args, concurrency);
    const baseline = cpuMs(started) / repeats;
    started = process.cpuUsage();
    let results: readonly { result?: unknown; outcome: string }[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) {
      results = await toolbox.execute(toolCalls, { concurrency });
    }
    const armorer = cpuMs(started) / repeats;
    baselineMs = Math.min(baselineMs, baseline);
    armorerMs = Math.min(armorerMs, armorer);
    ratios.push(armorer / baseline);
    if (
      results[calls - 1]?.result !== raw[calls - 1] ||
      results.some((result) => result.outcome !== 'success')
    ) {
      throw new Error('batch results differ from the baseline');
    }
  }
  return { calls, concurrency, rounds, repeats, baselineMs, armorerMs, medianRatio: median(ratios) };
}
