/**
 * Coding toolbox benchmark: the `grep` tool (in-process regular expressions, files enumerated by Bun.Glob,
 * read and matched in worker threads) against GNU `grep -rE` with the same pattern on the same tree, in the
 * same run. The tree is the repository's own node_modules (some 10,000+ files) unless a directory is given.
 * Not a test: it prints the figures with PASS/MISS markers and exits 0.
 *
 *   bun --conditions=@armorer/source apps/bench/src/coding/main.ts [--quick] [directory]
 */
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { finishTargets, reportTarget } from '../targets';
import { armorerGrep, median, systemGrep } from './measure';

const TARGET_RATIO = 3;
const quick = process.argv.includes('--quick');
const directory = resolve(
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ??
    join(import.meta.dir, '../../../../node_modules'),
);
const runs = quick ? 1 : 5;
// ERE patterns that mean the same in JavaScript and match fewer than 10,000 lines (so neither side stops
// early). The last has no literal, so every text file is decoded and matched.
const patterns = [
  'zqxj_never_matches',
  'export (default )?async function',
  'TODO|FIXME|XXX',
  'class [A-Za-z]+Error extends',
  '[0-9]{3}-[0-9]{4}',
];

function countFiles(dir: string): number {
  let count = 0;
  const stack = [dir];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isFile()) count++;
      else if (entry.isDirectory()) stack.push(join(current, entry.name));
    }
  }
  return count;
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`.padStart(8);
console.log(
  `armorer coding bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}, ${process.platform}/${process.arch}, ${availableParallelism()} CPUs`,
);
console.log(`tree: ${directory} (${countFiles(directory).toLocaleString('en')} regular files)`);
console.log(`median of ${runs} run(s) after a warm-up; matching lines in brackets\n`);

const armorer = armorerGrep(directory);
for (const pattern of patterns) {
  const ours = await median(runs, () => armorer(pattern));
  const gnu = await median(runs, () => systemGrep(['-rE'], pattern, directory));
  const gnuText = await median(runs, () => systemGrep(['-rEI'], pattern, directory));
  const ratio = ours.ms / gnu.ms;
  console.log(`pattern /${pattern}/`);
  console.log(`  armorer grep   ${fmt(ours.ms)}  [${ours.lines}]`);
  console.log(`  grep -rE       ${fmt(gnu.ms)}  [${gnu.lines}]`);
  console.log(
    `  info: grep -rEI (skips binary files, as armorer does) ${fmt(gnuText.ms).trim()} [${gnuText.lines}]`,
  );
  reportTarget(`/${pattern}/ armorer / grep -rE`, ratio, { atMost: TARGET_RATIO }, '  ');
  console.log('');
}
finishTargets();
