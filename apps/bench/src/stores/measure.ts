import { createNonce } from '@armorer/approval';
import { benchBindings, completedEntry, startedEntry } from './records';
import { BENCH_VIEW, type StoreBenchSubject } from './types';

/** The five measured operations. */
export const OPERATIONS = ['issue', 'reserve', 'commit', 'claim', 'complete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Wall-clock and CPU nanoseconds per operation of one side. */
export interface OperationTiming {
  readonly wall: number;
  /** This process's user + system CPU time: what other processes on a shared machine disturb least. */
  readonly cpu: number;
}

/** Nanoseconds per operation of the store and of the raw client, per round. */
export interface RoundTiming {
  readonly store: Readonly<Record<Operation, OperationTiming>>;
  readonly raw: Readonly<Record<Operation, OperationTiming>>;
}

/** Runs `step` for indexes `from` to `to`, awaiting each (both sides pay the same await): totals. */
async function run(from: number, to: number, step: (index: number) => unknown): Promise<OperationTiming> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let index = from; index < to; index++) await step(index);
  const wall = (performance.now() - started) * 1e6;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) * 1000 };
}

type Steps = Readonly<Record<Operation, (index: number) => unknown>>;

/** The five operations of one side over `count` fresh keys. */
function steps(subject: StoreBenchSubject, useRaw: boolean, count: number, label: string): Steps {
  const now = Date.now();
  const items = benchBindings(BENCH_VIEW, count, now, () => createNonce());
  const keys = items.map((_, index) => `${label}-${index}`);
  // The raw client keys a binding by its replay scope and nonce too, encoded as the store stores it.
  const bindingKeys = items.map((item) => JSON.stringify(`${item.replayScope}\u0000${item.nonce}`));
  const starts = keys.map((key) => startedEntry(`attempt-${key}`, now));
  const completions = keys.map((key) => completedEntry(`attempt-${key}`, now));
  const { raw, approvals, results } = subject;
  const at = <T>(list: readonly T[], index: number) => list[index] as T;
  if (useRaw) {
    return {
      issue: (index) => raw.issue(at(bindingKeys, index), at(items, index)),
      reserve: (index) => raw.reserve(at(bindingKeys, index), at(items, index)),
      commit: (index) => raw.commit(at(bindingKeys, index), at(items, index)),
      claim: (index) => raw.claim(at(keys, index), at(starts, index)),
      complete: (index) => raw.complete(at(keys, index), at(completions, index)),
    };
  }
  return {
    issue: (index) => approvals.issue(at(items, index)),
    reserve: (index) => approvals.reserve(at(items, index), BENCH_VIEW, now),
    commit: (index) => approvals.commit(at(items, index)),
    claim: (index) => results.claimStarted(at(keys, index), at(starts, index)),
    complete: (index) =>
      results.completeStarted(at(keys, index), at(starts, index).attemptId, at(completions, index)),
  };
}

const BLOCK = 100;

/**
 * One round: every operation in lifecycle order over `count` fresh keys per side, the store and the raw
 * client alternating in blocks of 100 calls (which side goes first alternates too), so a burst of load
 * from other processes falls on both sides alike.
 */
async function round(subject: StoreBenchSubject, count: number, label: string): Promise<RoundTiming> {
  const store = steps(subject, false, count, `${label}-store`);
  const raw = steps(subject, true, count, `${label}-raw`);
  const totals = (): Record<Operation, { wall: number; cpu: number }> => ({
    issue: { wall: 0, cpu: 0 },
    reserve: { wall: 0, cpu: 0 },
    commit: { wall: 0, cpu: 0 },
    claim: { wall: 0, cpu: 0 },
    complete: { wall: 0, cpu: 0 },
  });
  const sums = { store: totals(), raw: totals() };
  for (const operation of OPERATIONS) {
    for (let from = 0, block = 0; from < count; from += BLOCK, block++) {
      const to = Math.min(count, from + BLOCK);
      const order = block % 2 === 0 ? (['store', 'raw'] as const) : (['raw', 'store'] as const);
      for (const side of order) {
        subject.settle?.();
        const timing = await run(from, to, (side === 'store' ? store : raw)[operation]);
        sums[side][operation].wall += timing.wall;
        sums[side][operation].cpu += timing.cpu;
      }
    }
  }
  const perCall = (side: Record<Operation, { wall: number; cpu: number }>) =>
    Object.fromEntries(
      OPERATIONS.map((operation) => [
        operation,
        { wall: side[operation].wall / count, cpu: side[operation].cpu / count },
      ]),
    ) as Record<Operation, OperationTiming>;
  return { store: perCall(sums.store), raw: perCall(sums.raw) };
}

/** `rounds` rounds of `count` operations per side and case, every round on fresh keys. */
export async function measureSubject(
  subject: StoreBenchSubject,
  count: number,
  rounds: number,
): Promise<RoundTiming[]> {
  // Warm-up: statements prepared, pages cached, code optimized.
  await round(subject, Math.min(count, 200), 'warm');
  const timings: RoundTiming[] = [];
  for (let index = 0; index < rounds; index++) timings.push(await round(subject, count, `r${index}`));
  return timings;
}
