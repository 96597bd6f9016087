/**
 * The size gate (a step of `bun run test`): every browser subpath of `armorer` is bundled for the browser
 * (minified, zod and the other peers external) and its gzip size compared with its budget in
 * `scripts/size-budgets.json`. Fails when a budget is exceeded or a browser subpath has none.
 *
 *   bun run check:size            # the gate
 *   bun run check:size --update   # prints the budgets the current sizes would need (+5%), changes nothing
 */
import { join } from 'node:path';
import { checkBudgets, formatKb, readBudgets, uncoveredSubpaths } from './lib/bundle-size';
import { rootDir } from './lib/workspace';

const workDir = join(rootDir, 'node_modules/.cache/armorer-size');
const budgets = readBudgets();
const missing = uncoveredSubpaths(budgets);
const checks = await checkBudgets(budgets, workDir);
let failed = missing.length > 0;
for (const check of checks) {
  const { size, budget } = check;
  if (!check.pass) failed = true;
  const lazy =
    size.totalMinBytes > size.minBytes ? `; ${formatKb(size.totalMinBytes)} min with lazy chunks` : '';
  console.log(
    `${check.pass ? 'PASS' : 'FAIL'}  ${budget.name}: ${formatKb(size.gzipBytes)} gzip ` +
      `(budget ${formatKb(budget.maxGzipBytes)}; ${formatKb(size.minBytes)} min${lazy})`,
  );
}
for (const subpath of missing)
  console.log(`FAIL  armorer${subpath.slice(1)} is a browser subpath without a budget`);
if (process.argv.includes('--update')) {
  console.log('\nbudgets at the current sizes + 5%:');
  for (const check of checks) {
    console.log(`  ${check.budget.name}: ${Math.ceil((check.size.gzipBytes * 1.05) / 100) * 100}`);
  }
}
process.exit(failed ? 1 : 0);
