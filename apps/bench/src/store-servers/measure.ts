/**
 * How the store-server bench times a phase: the store and the raw client alternate in blocks of 100
 * sequential calls (which side goes first alternates too), so a burst of load from other processes on a
 * shared machine falls on both sides alike; each round gives one ratio, and the median ratio of the rounds
 * is the verdict (as in `bench:stores`). Throughput runs 16 calls in flight per side, after a warm-up that
 * opens every pooled connection and prepares every statement on it for both sides.
 */
import type { Phase } from './cases';

const BLOCK = 100;

/**
 * Microseconds per call of each side over one round of a phase: wall clock, and this process's CPU time
 * (the client's share of the work; what the store adds in JavaScript shows there).
 */
export interface RoundTiming {
  readonly store: number;
  readonly raw: number;
  readonly storeCpu: number;
  readonly rawCpu: number;
}

async function sequential(
  from: number,
  to: number,
  call: (i: number) => Promise<unknown>,
): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = from; i < to; i++) await call(i);
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wall: wall * 1000, cpu: used.user + used.system };
}

/** One round of a phase over items `offset` to `offset + count`, the sides alternating in blocks. */
export async function timeRound(phase: Phase, offset: number, count: number): Promise<RoundTiming> {
  const sums = { store: { wall: 0, cpu: 0 }, raw: { wall: 0, cpu: 0 } };
  for (let from = offset, block = 0; from < offset + count; from += BLOCK, block++) {
    const to = Math.min(offset + count, from + BLOCK);
    for (const side of block % 2 === 0 ? (['store', 'raw'] as const) : (['raw', 'store'] as const)) {
      const timing = await sequential(from, to, (i) => phase[side](i));
      sums[side].wall += timing.wall;
      sums[side].cpu += timing.cpu;
    }
  }
  return {
    store: sums.store.wall / count,
    raw: sums.raw.wall / count,
    storeCpu: sums.store.cpu / count,
    rawCpu: sums.raw.cpu / count,
  };
}

/** Calls per second with `inFlight` calls outstanding over items `offset` to `offset + count`. */
export async function throughput(
  count: number,
  call: (i: number) => Promise<unknown>,
  offset: number,
  inFlight = 16,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await call(offset + next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** The median of a non-empty list. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
