/**
 * Provider adapter bench: `toOpenAITools` (and strict), `toAnthropicTools` (and strict), `toGeminiTools` (and
 * its full JSON Schema mode) on 1,000
 * realistic tools. The first export is compared with `z.toJSONSchema` alone on as many fresh schemas in
 * the same run; repeated exports must come from the cache; a registration must invalidate it.
 *
 *   bun --conditions=@armorer/source apps/bench/src/adapters/main.ts [--quick]
 */
import { finishTargets, recordTargets } from '../targets';
import { exportBenchChecks, formatExportBench, runExportBench } from './export-bench';

const quick = process.argv.includes('--quick');
console.log(
  `armorer adapter export bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}, ${process.platform}/${process.arch}\n`,
);
const report = runExportBench(
  quick ? { count: 100, rounds: 1, repeats: 5 } : { count: 1000, rounds: 7, repeats: 200 },
);
for (const line of formatExportBench(report)) console.log(line);
recordTargets(exportBenchChecks(report));
if (quick) console.log('\nquick smoke run: figures are not meaningful, only correctness is.');
finishTargets();
