import { formatReport } from './report';
import { runBench } from './run';

const quick = process.argv.includes('--quick');
console.log(
  `armorer bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}, ${process.platform}/${process.arch}\n`,
);
const report = await runBench({ quick });
for (const line of formatReport(report)) console.log(line);
