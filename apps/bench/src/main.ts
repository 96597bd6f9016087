import { loadavg } from 'node:os';
import { measureBatch } from './batch';
import { checkTargets, formatReport, TARGETS } from './report';
import { runBench } from './run';
import { finishTargets, recordTargets, reportTarget } from './targets';

const quick = process.argv.includes('--quick');
console.log(
  `armorer bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}, ${process.platform}/${process.arch}, ` +
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
);
const report = await runBench({ quick });
for (const line of formatReport(report)) console.log(line);
recordTargets(checkTargets(report));

// The registry measurement just dropped 10,000 tools: collect them before the batch is timed.
Bun.gc(true);
const batch = await measureBatch(quick ? 500 : 10_000, 64, quick ? 2 : 15, quick ? 1 : 20);
console.log(
  `\nbatch of ${batch.calls.toLocaleString('en-US')} calls at concurrency ${batch.concurrency} (${batch.rounds} interleaved rounds of ${batch.repeats} batches each, CPU time):`,
  `\n  plain limiter + safeParse + call  best ${batch.baselineMs.toFixed(2)} ms`,
  `\n  toolbox.execute(calls)            best ${batch.armorerMs.toFixed(2)} ms`,
);
reportTarget('batch toolbox.execute / plain limiter', batch.medianRatio, {
  atMost: TARGETS.batchRatio,
  note: `median of the rounds' ratios; best/best ${(batch.armorerMs / batch.baselineMs).toFixed(2)}x`,
});
finishTargets();
