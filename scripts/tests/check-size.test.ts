/**
 * The size gate's measurement on a hand-made package (no build needed): what counts is what the page fetched
 * before DONE, through the `browser` condition, peers external and reported apart.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  armorerSubpaths,
  checkBudgets,
  readBudgets,
  type SizeBudget,
  uncoveredSubpaths,
} from '../lib/bundle-size';

let work: string;
let app: string;

function write(file: string, text: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'armorer-size-test-'));
  app = join(work, 'app');
  const pkg = join(app, 'node_modules/armorer');
  write(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'armorer',
      type: 'module',
      sideEffects: false,
      exports: {
        '.': { browser: './browser/index.js', default: './node.js' },
        './lazy': { browser: './browser/lazy.js', default: './node.js' },
      },
    }),
  );
  // What Node would load: bundling it instead of the browser build fails the page.
  write(join(pkg, 'node.js'), 'throw new Error("the node build was bundled");\n');
  write(
    join(pkg, 'browser/index.js'),
    [
      "import { z } from 'zod';",
      'export const eager = () => z.name;',
      "export const later = () => import('./later.js').then((m) => m.value);",
      "export const broken = () => { throw new Error('the fixture broke'); };",
      '',
    ].join('\n'),
  );
  // Incompressible enough that gzip cannot hide it: a lazily loaded chunk of a few kB.
  const filler = Array.from({ length: 400 }, (_, index) => `'${(index * 7919).toString(36)}${index}'`);
  write(join(pkg, 'browser/later.js'), `export const value = [${filler.join(',')}].join('-');\n`);
  write(join(pkg, 'browser/lazy.js'), 'export const lazy = (f) => f;\n');
  write(
    join(app, 'node_modules/zod/package.json'),
    JSON.stringify({ name: 'zod', type: 'module', exports: { '.': './index.js' } }),
  );
  write(join(app, 'node_modules/zod/index.js'), "export const z = { name: 'zod' };\n");
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const budget = (name: string, fixture: string, maxGzipBytes = 1_000_000, maxScripts = 10): SizeBudget => ({
  subpath: '.',
  name,
  fixture,
  maxGzipBytes,
  maxScripts,
});

describe('the browser size gate', () => {
  test('weighs every script fetched before DONE, lazy chunks included, peers apart', async () => {
    const [awaited, early, tight, fewScripts, target] = await checkBudgets(
      [
        budget('lazy chunk awaited', 'import { later } from ARMORER;\nlater().then(DONE);\n'),
        budget(
          'lazy chunk after DONE',
          'import { later, eager } from ARMORER;\neager();\nDONE();\nlater();\n',
        ),
        budget('too few bytes', 'import { later } from ARMORER;\nlater().then(DONE);\n', 100),
        budget('too few scripts', 'import { later } from ARMORER;\nlater().then(DONE);\n', 1_000_000, 1),
        {
          ...budget('with a target', 'import { eager } from ARMORER;\neager();\n'),
          target: { gzipBytes: 1, scripts: 1 },
        },
      ],
      app,
    );
    expect(awaited?.load.scripts.map((script) => script.file.replace(/-[\w-]+\.js$/, '.js'))).toEqual([
      'fixture.js',
      'later.js',
    ]);
    expect(awaited?.load.peers.map((script) => script.file)).toEqual(['peers/peer-0.js']);
    expect(awaited?.load.gzipBytes).toBe(
      (awaited?.load.scripts ?? []).reduce((sum, script) => sum + script.gzipBytes, 0),
    );
    expect(awaited?.load.gzipBytes).toBeGreaterThan(1_000);
    expect(awaited?.pass).toBe(true);
    expect(awaited?.targetMet).toBeUndefined();

    // Fetched once the fixture was done: not part of the load.
    expect(early?.load.scripts.map((script) => script.file)).toEqual(['fixture.js']);
    expect(early?.load.gzipBytes).toBeLessThan(awaited?.load.gzipBytes as number);

    expect(tight?.pass).toBe(false);
    expect(tight?.load.gzipBytes).toBe(awaited?.load.gzipBytes as number);
    expect(fewScripts?.pass).toBe(false);
    // A target is reported, and a missed one does not fail the budget.
    expect(target?.pass).toBe(true);
    expect(target?.targetMet).toBe(false);
  }, 120_000);

  test('a fixture that throws, or does not bundle, fails loudly', async () => {
    await expect(
      checkBudgets([budget('throws', 'import { broken } from ARMORER;\nbroken();\n')], app),
    ).rejects.toThrow(/the fixture broke/);
    await expect(
      checkBudgets([budget('broken import', 'import { nope } from "./missing";\nconsole.log(nope);\n')], app),
    ).rejects.toThrow(/bundling \. \(broken import\) failed/);
    await expect(
      checkBudgets([{ subpath: './nope', name: 'unknown', maxGzipBytes: 1, maxScripts: 1 }], app),
    ).rejects.toThrow(/no subpath/);
  }, 120_000);

  test('every browser subpath of armorer has a budget, and a missing one is reported', () => {
    const budgets = readBudgets();
    expect(uncoveredSubpaths(budgets)).toEqual([]);
    const browser = armorerSubpaths().filter((subpath) => !subpath.serverOnly);
    expect(browser.length).toBeGreaterThan(5);
    const withoutUtilities = budgets.filter((entry) => entry.subpath !== './utilities');
    expect(uncoveredSubpaths(withoutUtilities)).toEqual(['./utilities']);
    for (const entry of budgets) {
      expect(entry.maxGzipBytes).toBeGreaterThan(0);
      expect(entry.maxScripts).toBeGreaterThan(0);
    }
  });
});
