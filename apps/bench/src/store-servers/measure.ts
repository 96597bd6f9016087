/**
 * How the store-server bench times a phase: the store and the raw client alternate in blocks of 100
 * sequential calls (which side goes first alternates too), so a burst of load from other processes on a
 * shared machine falls on both sides alike; each round gives one ratio, and the median ratio of the rounds
 * is the verdict (as in `bench:stores`). Throughput runs 16 calls in flight per side, after a warm-up that
 * opens every pooled connection and prepares every statement on it for both sides.
 */
import type { Phase } from './cases';

const BLOCK = 100;

/** Microseconds per call of each side over one round of a phase. */
export interface RoundTiming {
  readonly store: number;
  readonly raw: number;
}

async function sequential(from: number, to: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = from; i < to; i++) await call(i);
  return performance.now() - started;
}

/** One round of a phase over items `offset` to `offset + count`, the sides alternating in blocks. */
export async function timeRound(phase: Phase, offset: number, count: number): Promise<RoundTiming> {
  let store = 0;
  let raw = 0;
  for (let from = offset, block = 0; from < offset + count; from += BLOCK, block++) {
    const to = Math.min(offset + count, from + BLOCK);
    for (const side of block % 2 === 0 ? ['store', 'raw'] : ['raw', 'store']) {
      if (side === 'store') store += await sequential(from, to, (i) => phase.store(i));
      else raw += await sequential(from, to, (i) => phase.raw(i));
    }
  }
  return { store: (store * 1000) / count, raw: (raw * 1000) / count };
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
