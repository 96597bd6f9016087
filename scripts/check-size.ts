/**
 * The size gate (a step of `bun run test`, after the build): every browser subpath of `armorer` is installed
 * from the packed tarballs, bundled as a browser app would bundle it and loaded in headless Chromium; every
 * script the page fetched before the fixture finished is weighed, gzip (scripts/lib/bundle-size.ts). Fails when
 * a budget of `scripts/size-budgets.json` (gzip bytes or script count) is exceeded or a browser subpath has
 * none; a budget's `target`, a goal not met yet, is printed beside it as MET or MISS and never fails.
 *
 *   bun run check:size            # the gate (expects `bun run build` to have run)
 *   bun run check:size --update   # also prints the budgets the current loads would need (+3%), changes nothing
 *   bun run check:size --keep     # keeps the consumer and the bundles (their path is printed)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkBudgets,
  formatKb,
  installConsumer,
  readBudgets,
  type SizeCheck,
  uncoveredSubpaths,
} from './lib/bundle-size';

const started = performance.now();
const budgets = readBudgets();
const missing = uncoveredSubpaths(budgets);
const work = mkdtempSync(join(tmpdir(), 'armorer-size-'));
let checks: SizeCheck[] = [];
try {
  await installConsumer(work);
  checks = await checkBudgets(budgets, join(work, 'app'));
} finally {
  if (process.argv.includes('--keep')) console.log(`consumer and bundles kept at ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

let failed = missing.length;
for (const { budget, load, pass, targetMet } of checks) {
  if (!pass) failed++;
  const peers = load.peers.reduce((sum, script) => sum + script.gzipBytes, 0);
  const target = budget.target
    ? `; TARGET ${formatKb(budget.target.gzipBytes)} / ${budget.target.scripts} scripts: ${targetMet ? 'MET' : 'MISS'}`
    : '';
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  ${budget.name}: ${formatKb(load.gzipBytes)} gzip in ${load.scripts.length} scripts ` +
      `(budget ${formatKb(budget.maxGzipBytes)} / ${budget.maxScripts}${target}; ${formatKb(load.bytes)} min; ` +
      `peers ${formatKb(peers)} in ${load.peers.length}; ${load.chunks} chunks in the bundle)`,
  );
  if (!pass || process.argv.includes('--verbose')) {
    for (const script of load.scripts)
      console.log(`        ${formatKb(script.gzipBytes).padStart(9)}  ${script.file}`);
  }
}
for (const subpath of missing)
  console.log(`FAIL  armorer${subpath.slice(1)} is a browser subpath without a budget`);
if (process.argv.includes('--update')) {
  console.log('\nbudgets at the current loads (+3%, rounded up to 100 bytes):');
  for (const { budget, load } of checks) {
    const bytes = Math.ceil((load.gzipBytes * 1.03) / 100) * 100;
    console.log(`  ${budget.name}: maxGzipBytes ${bytes}, maxScripts ${load.scripts.length}`);
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `check:size: ${checks.length - failed + missing.length} of ${checks.length} budgets met (${seconds}s)`,
);
process.exit(failed > 0 ? 1 : 0);
