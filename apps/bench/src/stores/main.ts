/**
 * Durable stores (`bun run bench:stores`): per-operation latency and throughput of issue, reserve and
 * commit (approvals) and claim and complete (idempotency) for each store in `targets.ts`, against its
 * raw client doing one equivalent round trip in the same run. The median ratio of the rounds is checked
 * against the budget (<= 1.3x); the CPU-time ratio is printed beside it, since on a shared machine other
 * processes disturb it least. Prints PASS/MISS; the exit code is 0 either way. `--quick` for a smoke run.
 */
import { measureSubject, OPERATIONS } from './measure';
import { TARGETS } from './targets';

const RATIO_BUDGET = 1.3;
const quick = process.argv.includes('--quick');
const count = quick ? 200 : 2000;
const rounds = quick ? 1 : 5;

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const format = (ns: number) => `${(ns / 1000).toFixed(1)} µs`;
const rate = (ns: number) => `${Math.round(1e9 / ns).toLocaleString('en-US')}/s`;

console.log(
  `durable stores: ${rounds} round(s) of ${count} operations per case, best time and median ratio${quick ? ' (quick run)' : ''}`,
);
const budgets: string[] = [];
for (const target of TARGETS) {
  const subject = await target.open();
  if (typeof subject === 'string') {
    console.log(`${target.name}: skipped (${subject})`);
    continue;
  }
  try {
    const timings = await measureSubject(subject, count, rounds);
    console.log(target.name);
    console.log(
      `  ${'operation'.padEnd(10)} ${'store'.padStart(9)} ${'raw'.padStart(9)} ${'wall'.padStart(6)} ${'cpu'.padStart(6)} ${'store ops'.padStart(11)} ${'raw ops'.padStart(11)}`,
    );
    for (const operation of OPERATIONS) {
      const best = (side: 'store' | 'raw') =>
        Math.min(...timings.map((timing) => timing[side][operation].wall));
      const ratio = (clock: 'wall' | 'cpu') =>
        median(timings.map((timing) => timing.store[operation][clock] / timing.raw[operation][clock]));
      const wall = ratio('wall');
      const cpu = ratio('cpu');
      console.log(
        `  ${operation.padEnd(10)} ${format(best('store')).padStart(9)} ${format(best('raw')).padStart(9)} ${`${wall.toFixed(2)}x`.padStart(6)} ${`${cpu.toFixed(2)}x`.padStart(6)} ${rate(best('store')).padStart(11)} ${rate(best('raw')).padStart(11)}`,
      );
      budgets.push(
        `  ${wall <= RATIO_BUDGET ? 'PASS' : 'MISS'} ${target.name} ${operation} ${wall.toFixed(2)}x the raw round trip, wall clock (<= ${RATIO_BUDGET}x; CPU time ${cpu.toFixed(2)}x)`,
      );
    }
  } finally {
    await subject.close();
  }
}
console.log('budgets');
for (const line of budgets) console.log(line);
