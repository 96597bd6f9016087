/**
 * Consumer check: builds and packs every published workspace package, installs the tarballs into a fresh
 * consumer OUTSIDE the workspace, and verifies what a user gets:
 *   - Node 22 and Bun, ESM `import` and CJS `require` of every exported subpath: export names equal the
 *     sources', functions are functions, the right built file is loaded, and scripts/consumer/smoke.cjs
 *     calls the documented API;
 *   - strict `tsc --noEmit` (skipLibCheck off) of consumer files importing every subpath, NodeNext ESM + CJS
 *     and bundler resolution; when a package has optional peers, again in a consumer without them;
 *   - a `bun build --target=browser` bundle of every subpath with a `browser` condition, without `node:`,
 *     and the root entry executing a tool in headless Chromium (scripts/lib/browser.ts);
 * (The engine boundary, which reads only the manifests, is `bun run check:engines`.)
 * Everything is read from the packages and their exports maps, so new packages are covered automatically.
 *
 * The consumer lives in one folder per clone under the system's temporary folder, made anew on every run
 * except for TypeScript's incremental state (`tsc-cache/`): tsc re-checks only the declaration files whose
 * text changed since the last run, so a second run after a change to one package costs seconds, not a
 * minute. A fresh machine (CI) checks everything.
 *
 *   bun run check:consumers [--build] [--keep] [--fresh]
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserRun } from './lib/browser';
import { createConsumer, hasOptionalPeers, peersOf } from './lib/consumer';
import { ensureNode22 } from './lib/node22';
import { type PackedPackage, packPackage } from './lib/pack';
import { bin, mapLimit, run, runOrThrow } from './lib/process';
import {
  type ExportTarget,
  exportTargets,
  listPublishedPackages,
  rootDir,
  sourceCondition,
  type WorkspacePackage,
} from './lib/workspace';

const args = new Set(process.argv.slice(2));
/** Builds first (`turbo run build`); by default the check expects the build to have run, as in `bun run test`. */
const build = args.has('--build');
const keep = args.has('--keep');
/** Drops TypeScript's incremental state too: every declaration file is checked again. */
const fresh = args.has('--fresh');

interface Subpath extends ExportTarget {
  pkg: WorkspacePackage;
}
interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  output: string;
}

const results: CheckResult[] = [];

async function check(name: string, body: () => Promise<string>): Promise<void> {
  const started = performance.now();
  let ok = true;
  let output: string;
  try {
    output = await body();
  } catch (error) {
    ok = false;
    output = error instanceof Error ? error.message : String(error);
  }
  const ms = Math.round(performance.now() - started);
  results.push({ name, ok, ms, output: output.trim() });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${(ms / 1000).toFixed(1)}s)`);
  if (output.trim()) console.log(`     ${output.trim().replaceAll('\n', '\n     ')}`);
}

/** Export names (and which are functions) of every subpath's source module, loaded with Bun. */
async function sourceExports(subpaths: Subpath[], work: string): Promise<Record<string, unknown>> {
  const file = join(work, 'source-exports.ts');
  const entries = subpaths.map((subpath) => [subpath.specifier, join(subpath.pkg.dir, subpath.source)]);
  writeFileSync(
    file,
    `const entries: Array<[string, string]> = ${JSON.stringify(entries)};
const out: Record<string, { keys: string[]; functions: string[] }> = {};
for (const [specifier, path] of entries) {
  const ns = (await import(path)) as Record<string, unknown>;
  const keys = Object.keys(ns).filter((key) => key !== '__esModule').sort();
  out[specifier] = { keys, functions: keys.filter((key) => typeof ns[key] === 'function') };
}
console.log(JSON.stringify(out));
`,
  );
  const { stdout } = await runOrThrow(['bun', `--conditions=${sourceCondition}`, file], { cwd: rootDir });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
}

function writeTypeChecks(
  dir: string,
  subpaths: Subpath[],
  expected: Record<string, { keys: string[] }>,
  tscCache: string,
): void {
  const lines = (ext: 'mts' | 'cts' | 'ts', list: Subpath[]) =>
    list
      .map((subpath, index) => {
        const keys = JSON.stringify(expected[subpath.specifier]?.keys ?? []);
        const load =
          ext === 'cts'
            ? `import m${index} = require('${subpath.specifier}');`
            : `import * as m${index} from '${subpath.specifier}';`;
        // Every runtime export is also declared.
        return `${load}\nexport const names${index}: Array<keyof typeof m${index}> = ${keys};`;
      })
      .join('\n');
  const browser = subpaths.filter((subpath) => subpath.browser);
  writeFileSync(join(dir, 'types-node.mts'), `${lines('mts', subpaths)}\n`);
  writeFileSync(join(dir, 'types-node.cts'), `${lines('cts', subpaths)}\n`);
  writeFileSync(join(dir, 'types-browser.ts'), `${lines('ts', browser)}\nexport {};\n`);
  const strict = {
    target: 'ES2023',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    skipLibCheck: false,
    noEmit: true,
    incremental: true,
  };
  const cacheOf = (name: string) => join(tscCache, `${dir.split('/').pop()}-${name}.tsbuildinfo`);
  writeFileSync(
    join(dir, 'tsconfig.node.json'),
    JSON.stringify({
      compilerOptions: {
        ...strict,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023'],
        types: ['node'],
        tsBuildInfoFile: cacheOf('node'),
      },
      files: ['types-node.mts', 'types-node.cts'],
    }),
  );
  writeFileSync(
    join(dir, 'tsconfig.browser.json'),
    JSON.stringify({
      compilerOptions: {
        ...strict,
        module: 'Preserve',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: [],
        tsBuildInfoFile: cacheOf('browser'),
      },
      files: ['types-browser.ts'],
    }),
  );
}

async function tsc(dir: string, project: string): Promise<string> {
  const result = await run([bin('tsc'), '-p', join(dir, project), '--pretty', 'false'], { cwd: dir });
  if (result.code !== 0) throw new Error(`tsc -p ${project} failed:\n${result.output}`);
  return '';
}

async function browserBundle(dir: string, subpaths: Subpath[]): Promise<string> {
  const browser = subpaths.filter((subpath) => subpath.browser);
  if (browser.length === 0) return 'no subpath declares a browser condition';
  const entry = join(dir, 'browser-entry.ts');
  writeFileSync(
    entry,
    `${browser.map((subpath, index) => `import * as m${index} from '${subpath.specifier}';`).join('\n')}\n` +
      `console.log(${browser.map((_, index) => `Object.keys(m${index}).length`).join(', ')});\n`,
  );
  const out = join(dir, 'browser-dist');
  const meta = join(dir, 'browser-meta.json');
  const result = await run(
    ['bun', 'build', entry, '--target=browser', `--outdir=${out}`, `--metafile=${meta}`],
    { cwd: dir },
  );
  if (result.code !== 0) throw new Error(`bun build --target=browser failed:\n${result.output}`);
  const problems: string[] = [];
  const builtins = builtinModules.filter((name) => !name.startsWith('_')).join('|');
  const nodeImport = new RegExp(
    `(?:from\\s*|import\\s*\\(\\s*|require\\s*\\(\\s*|import\\s+)["'](node:[^"']+|(?:${builtins})(?:/[^"']*)?)["']`,
    'g',
  );
  for (const file of readdirSync(out)) {
    const code = readFileSync(join(out, file), 'utf8');
    for (const match of code.matchAll(nodeImport)) problems.push(`${file} imports ${match[1]}`);
    if (code.includes('"node:') || code.includes("'node:"))
      problems.push(`${file} mentions a node: specifier`);
  }
  // Bun stubs or polyfills Node builtins for the browser instead of failing, so the metafile is what tells.
  const metafile = JSON.parse(readFileSync(meta, 'utf8')) as {
    inputs: Record<string, { imports?: Array<{ path: string; original?: string }> }>;
  };
  const isBuiltin = (specifier: string) =>
    specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? specifier);
  const inputs = Object.keys(metafile.inputs);
  for (const [input, { imports = [] }] of Object.entries(metafile.inputs)) {
    if (input.endsWith('.cjs')) problems.push(`bundled a CommonJS build: ${input}`);
    for (const imported of imports) {
      if (isBuiltin(imported.path) || (imported.original && isBuiltin(imported.original))) {
        problems.push(`${input} imports ${imported.original ?? imported.path}`);
      }
    }
  }
  if (problems.length > 0) throw new Error([...new Set(problems)].join('\n'));
  return `${browser.length} subpaths, ${inputs.length} input files, no node: imports`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const packages = listPublishedPackages();
  const subpaths: Subpath[] = packages.flatMap((pkg) =>
    exportTargets(pkg.manifest).map((target) => ({ ...target, pkg })),
  );
  const clone = createHash('sha256').update(rootDir).digest('hex').slice(0, 12);
  const work = join(tmpdir(), `armorer-consumer-${clone}`);
  if (work.startsWith(rootDir)) throw new Error(`the consumer must live outside the workspace: ${work}`);
  const tscCache = join(work, 'tsc-cache');
  // Everything but TypeScript's incremental state is made anew.
  mkdirSync(work, { recursive: true });
  for (const entry of readdirSync(work)) {
    if (entry !== 'tsc-cache' || fresh) rmSync(join(work, entry), { recursive: true, force: true });
  }
  mkdirSync(tscCache, { recursive: true });
  console.log(`consumer check: ${packages.length} packages, ${subpaths.length} subpaths, in ${work}`);

  // Node 22 downloads while the packages build, pack and install.
  const node22 = ensureNode22();
  node22.catch(() => {});
  try {
    if (build) {
      await check('build (turbo run build)', async () => {
        await runOrThrow(['bun', 'run', 'build']);
        return '';
      });
    }
    let packed: PackedPackage[] = [];
    await check('pack (bun pm pack)', async () => {
      packed = await mapLimit(packages, 2, (pkg) => packPackage(pkg, join(work, 'tarballs')));
      return packed.map(({ tarball }) => tarball.split('/').pop()).join(', ');
    });
    if (results.some((result) => !result.ok)) return;

    const consumer = join(work, 'consumer');
    let expected: Record<string, { keys: string[]; functions: string[] }> = {};
    await check('source exports (bun, @armorer/source)', async () => {
      expected = (await sourceExports(subpaths, work)) as typeof expected;
      return '';
    });
    await check('install tarballs + peers into the consumer', () =>
      createConsumer(consumer, packed, peersOf(packages, true)),
    );
    if (results.some((result) => !result.ok)) return;

    writeFileSync(join(consumer, 'expected.json'), JSON.stringify(expected, null, 2));
    for (const file of ['harness.cjs', 'smoke.cjs', 'check.mjs', 'check.cjs']) {
      copyFileSync(join(rootDir, 'scripts/consumer', file), join(consumer, file));
    }
    writeTypeChecks(consumer, subpaths, expected, tscCache);

    const env = { ARMORER_WORKSPACE_ROOT: rootDir };
    const runtime = (label: string, cmd: () => Promise<string[]>) =>
      check(label, async () => {
        const result = await run(await cmd(), { cwd: consumer, env });
        if (result.code !== 0) throw new Error(result.output);
        return result.output;
      });
    const node = async () => (await node22).binary;
    const tasks: Array<() => Promise<void>> = [
      () => runtime('Node 22 ESM import', async () => [await node(), 'check.mjs']),
      () => runtime('Node 22 CJS require', async () => [await node(), 'check.cjs']),
      () => runtime('Bun ESM import', async () => [process.execPath, 'check.mjs']),
      () => runtime('Bun CJS require', async () => [process.execPath, 'check.cjs']),
      () => check('tsc strict, NodeNext ESM + CJS', () => tsc(consumer, 'tsconfig.node.json')),
      () =>
        check('tsc strict, bundler + DOM (browser subpaths)', () => tsc(consumer, 'tsconfig.browser.json')),
      () => check('bun build --target=browser', () => browserBundle(consumer, subpaths)),
      () => check('headless Chromium runs the root bundle', () => browserRun(consumer)),
    ];
    await check('Node 22 from npm (node@22)', async () => {
      const { binary, version } = await node22;
      return `${version} at ${binary}`;
    });
    await mapLimit(tasks, 2, (task) => task());

    if (hasOptionalPeers(packages)) {
      // The typed surface must hold without optional peers installed.
      const minimal = join(work, 'consumer-without-optional-peers');
      await check('install without optional peers', () =>
        createConsumer(minimal, packed, peersOf(packages, false)),
      );
      writeTypeChecks(minimal, subpaths, expected, tscCache);
      await check('tsc strict without optional peers, NodeNext', () => tsc(minimal, 'tsconfig.node.json'));
      await check('tsc strict without optional peers, bundler', () => tsc(minimal, 'tsconfig.browser.json'));
    }
  } finally {
    const failed = results.filter((result) => !result.ok).length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`check:consumers: ${results.length - failed} passed, ${failed} failed (${seconds}s)`);
    if (failed > 0) process.exitCode = 1;
    if (keep || failed > 0) console.log(`consumer kept at ${work}`);
    else {
      for (const entry of readdirSync(work)) {
        if (entry !== 'tsc-cache') rmSync(join(work, entry), { recursive: true, force: true });
      }
    }
  }
}

await main();
