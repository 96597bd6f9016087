import { measureBatch } from './batch';
import { formatReport } from './report';
import { runBench } from './run';

const quick = process.argv.includes('--quick');
console.log(
  `armorer bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}, ${process.platform}/${process.arch}\n`,
);
const report = await runBench({ quick });
for (const line of formatReport(report)) console.log(line);

const batch = await measureBatch(quick ? 500 : 10_000, 64, quick ? 2 : 15);
const batchRatio = batch.armorerMs / batch.baselineMs;
console.log(
  `\nbatch of ${batch.calls.toLocaleString('en-US')} calls at concurrency ${batch.concurrency} (best of rounds):`,
  `\n  plain limiter + safeParse + call  ${batch.baselineMs.toFixed(2)} ms`,
  `\n  toolbox.execute(calls)            ${batch.armorerMs.toFixed(2)} ms`,
  `\n${batchRatio <= 4 ? 'PASS' : 'MISS'}  batch armorer / baseline: ${batchRatio.toFixed(2)}x (target <= 4x)`,
);
