/**
 * Cost of approval on the hot path (`bun run bench`): a call that passes through the approval policy
 * without needing approval against the same call with no approval configured; signing plus verifying a
 * binding, per second on one core; and a resume in memory, beside a plain execute of the same tool. Cases run in
 * interleaved rounds and the best mean is kept, so a busy machine skews the figures less. Prints the
 * figures and the budgets with PASS/MISS markers; the exit code is 0 either way. `--quick` for a smoke run.
 */
import { measure } from 'mitata';
import { finishTargets, reportTarget } from '../targets';
import { createPolicyCases, createResumeFixture, createSignVerifyCase, requestContext } from './cases';

const POLICY_RATIO = 1.2;
const SIGN_VERIFY_PER_SECOND = 50_000;
/** A resume in memory (verify, reserve, commit, run), in microseconds: the restated budget of issue 31. */
const RESUME_US = 8;

const quick = process.argv.includes('--quick');
const rounds = quick ? 1 : 5;
const resumeCount = quick ? 500 : 4000;

/**
 * Nanoseconds of this process's CPU time per operation (user + system), so the rate is "per second on
 * one core" even when other processes share the machine's cores.
 */
function cpuNsPerOp(run: () => unknown, count: number): number {
  for (let index = 0; index < 1000; index++) run();
  const before = process.cpuUsage();
  for (let index = 0; index < count; index++) run();
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / count;
}

async function meanNs(run: () => unknown): Promise<number> {
  const stats = await measure(run, quick ? { min_cpu_time: 5e6, max_samples: 50 } : { min_cpu_time: 2e8 });
  return stats.avg;
}

/**
 * Resumes every prepared descriptor once, against plain executes of the same tool, in alternating blocks
 * of 250 (each loop stays hot, and both see the same garbage-collection pressure): nanoseconds per call.
 * The descriptors are kept as the JSON text a host stores, and each block is parsed right before it is
 * resumed, outside the timing: a host resumes a descriptor it has just read, not one of thousands of
 * objects parsed long before (touching those cold objects cost about a microsecond per resume here, which
 * the plain execute, reusing one call object, never pays).
 */
async function resumeNs(): Promise<{ resume: number; plain: number; resumeCpu: number }> {
  const fixture = await createResumeFixture(resumeCount);
  const stored = fixture.descriptors.map((descriptor) => JSON.stringify(descriptor));
  for (let index = 0; index < 500; index++) await fixture.plain();
  const block = 250;
  let resumeTotal = 0;
  let resumeCpu = 0;
  let plainTotal = 0;
  for (let start = 0; start < stored.length; start += block) {
    const descriptors = stored.slice(start, start + block).map((text) => JSON.parse(text) as unknown);
    const cpu = process.cpuUsage();
    let started = performance.now();
    for (const descriptor of descriptors) {
      const result = await fixture.toolbox.resumeApproval(descriptor, { requestContext });
      if (result.result !== 3) throw new Error(`resume returned ${result.outcome}`);
    }
    resumeTotal += performance.now() - started;
    const used = process.cpuUsage(cpu);
    resumeCpu += (used.user + used.system) / 1000;
    started = performance.now();
    for (let index = 0; index < descriptors.length; index++) await fixture.plain();
    plainTotal += performance.now() - started;
  }
  const count = stored.length;
  return {
    resume: (resumeTotal * 1e6) / count,
    plain: (plainTotal * 1e6) / count,
    resumeCpu: (resumeCpu * 1e6) / count,
  };
}

const policyCases = createPolicyCases();
const signVerify = createSignVerifyCase();
for (const [name, run] of Object.entries(policyCases)) {
  if ((await run()) !== 3) throw new Error(`${name} did not return 3`);
}
if (!signVerify()) throw new Error('sign/verify failed');

const best = {
  baseline: Infinity,
  policy: Infinity,
  signVerify: Infinity,
  signVerifyCpu: Infinity,
  resume: Infinity,
  resumeCpu: Infinity,
  plain: Infinity,
};
// Ratios are taken within each round (the pair measured back to back) and the median round is reported.
const policyRatios: number[] = [];
const resumeRatios: number[] = [];
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
for (let round = 0; round < rounds; round++) {
  const baseline = await meanNs(policyCases.baseline);
  const policy = await meanNs(policyCases.policy);
  policyRatios.push(policy / baseline);
  best.baseline = Math.min(best.baseline, baseline);
  best.policy = Math.min(best.policy, policy);
  best.signVerify = Math.min(best.signVerify, await meanNs(signVerify));
  best.signVerifyCpu = Math.min(best.signVerifyCpu, cpuNsPerOp(signVerify, quick ? 2000 : 50_000));
  const resumed = await resumeNs();
  resumeRatios.push(resumed.resume / resumed.plain);
  best.resume = Math.min(best.resume, resumed.resume);
  best.resumeCpu = Math.min(best.resumeCpu, resumed.resumeCpu);
  best.plain = Math.min(best.plain, resumed.plain);
}

const format = (ns: number) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const policyRatio = median(policyRatios);
const perSecond = 1e9 / best.signVerifyCpu;
const perSecondWall = 1e9 / best.signVerify;
const resumeRatio = median(resumeRatios);
console.log(
  `approval cost: best time of ${rounds} round(s), median ratio of the rounds${quick ? ' (quick run)' : ''}`,
);
console.log(`  execute, no approval configured                     ${format(best.baseline).padStart(9)}`);
console.log(
  `  execute through approvalPolicy (no approval needed) ${format(best.policy).padStart(9)}  ${policyRatio.toFixed(2)}x`,
);
console.log(
  `  sign + verify one binding (wall clock)              ${format(best.signVerify).padStart(9)}  ${Math.round(perSecondWall).toLocaleString('en-US')}/s`,
);
console.log(
  `  sign + verify one binding (CPU time, one core)      ${format(best.signVerifyCpu).padStart(9)}  ${Math.round(perSecond).toLocaleString('en-US')}/s`,
);
console.log(`  plain execute of the tool                           ${format(best.plain).padStart(9)}`);
console.log(
  `  resumeApproval of a paused call                     ${format(best.resume).padStart(9)}  ${resumeRatio.toFixed(2)}x`,
);
console.log(`  resumeApproval of a paused call (process CPU time)  ${format(best.resumeCpu).padStart(9)}`);
console.log(
  `  info resume over the plain execute: +${format(best.resume - best.plain)} (verifying the binding, reserving and committing it, the edit check)`,
);
console.log('budgets');
reportTarget('approvalPolicy pass-through / no approval', policyRatio, { atMost: POLICY_RATIO }, '  ');
reportTarget(
  'sign + verify per second of CPU time',
  perSecond,
  { atLeast: SIGN_VERIFY_PER_SECOND, unit: '/s', digits: 0 },
  '  ',
);
// Wall clock, best round: the measure the budget was stated in (4.3-4.7 µs when it was set). The process's
// CPU time is printed above for a loaded machine; it also counts Bun's JIT and GC threads, so it can exceed
// the wall clock when the machine is idle.
reportTarget(
  'resumeApproval in memory',
  best.resume / 1000,
  {
    atMost: RESUME_US,
    unit: ' µs',
    note: `CPU time ${format(best.resumeCpu)}; ${resumeRatio.toFixed(2)}x the plain execute, median of the rounds`,
  },
  '  ',
);
finishTargets();
