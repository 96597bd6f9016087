import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { armorerSubpaths, checkBudgets, readBudgets, uncoveredSubpaths } from '../lib/bundle-size';
import { rootDir } from '../lib/workspace';

const workDir = join(rootDir, 'node_modules/.cache/armorer-size-test');

describe('the browser size gate', () => {
  test('a budget set too low fails and a roomy one passes, on the same bundle', async () => {
    const [tight, roomy] = await checkBudgets(
      [
        { subpath: './truncation', name: 'too low', maxGzipBytes: 100 },
        { subpath: './truncation', name: 'roomy', maxGzipBytes: 1_000_000 },
      ],
      workDir,
    );
    expect(tight?.pass).toBe(false);
    expect(roomy?.pass).toBe(true);
    expect(tight?.size.gzipBytes).toBe(roomy?.size.gzipBytes as number);
    expect(tight?.size.gzipBytes).toBeGreaterThan(100);
    expect(tight?.size.gzipBytes).toBeLessThan(tight?.size.minBytes as number);
  }, 60_000);

  test('lazy chunks are not counted in what loads up front', async () => {
    const [check] = await checkBudgets(
      [
        {
          subpath: '.',
          name: 'root',
          fixture: 'import { createToolbox } from ARMORER;\nexport const toolbox = createToolbox([]);\n',
          maxGzipBytes: 1_000_000,
        },
      ],
      workDir,
    );
    expect(check?.size.chunks).toBeGreaterThan(1);
    expect(check?.size.totalMinBytes).toBeGreaterThan(check?.size.minBytes as number);
  }, 60_000);

  test('every browser subpath of armorer has a budget, and a missing one is reported', () => {
    const budgets = readBudgets();
    expect(uncoveredSubpaths(budgets)).toEqual([]);
    const browser = armorerSubpaths().filter((subpath) => !subpath.serverOnly);
    expect(browser.length).toBeGreaterThan(5);
    const withoutUtilities = budgets.filter((budget) => budget.subpath !== './utilities');
    expect(uncoveredSubpaths(withoutUtilities)).toEqual(['./utilities']);
  });

  test('a fixture that does not bundle fails loudly', async () => {
    await expect(
      checkBudgets(
        [
          {
            subpath: '.',
            name: 'broken',
            fixture: 'import { nope } from "./missing";\nconsole.log(nope);',
            maxGzipBytes: 1,
          },
        ],
        workDir,
      ),
    ).rejects.toThrow(/bundling \. failed/);
    await expect(
      checkBudgets([{ subpath: './nope', name: 'unknown', maxGzipBytes: 1 }], workDir),
    ).rejects.toThrow(/no subpath/);
  });
});
