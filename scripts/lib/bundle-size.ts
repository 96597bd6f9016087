/**
 * What a browser loads from `armorer`, measured where users load it. The published packages are packed and
 * installed from their tarballs into a consumer outside the workspace (no source condition); each fixture is
 * bundled as a browser app's production build would be (rolldown, the bundler of Vite 8 production builds:
 * `browser` export condition, minified, code splitting on); the page is served on loopback and opened in
 * headless Chromium, and every script the page fetched before the fixture finished (for the root fixture:
 * before its first `execute` resolved) is weighed, each file gzipped (level 9) as a server would send it.
 *
 * Third-party peers (zod, ...) stay external, as the budgets always had them: each is bundled whole as a module
 * of its own that the page finds through an import map, fetched and reported beside the budget but not counted
 * in it (zod is the app's: every app that uses armorer has it, and its size is the app's choice of schemas). The budgets live in `scripts/size-budgets.json`;
 * `scripts/check-size.ts` is the gate.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { build, type RolldownOutput } from 'rolldown';
import { launchChromium } from './browser';
import { createConsumer, peersOf } from './consumer';
import { packPackage } from './pack';
import { mapLimit } from './process';
import { listPublishedPackages, listWorkspacePackages, readJson, rootDir } from './workspace';

/** One budget: a fixture loaded in a browser, the most gzip bytes and scripts it may fetch. */
export interface SizeBudget {
  /** The `armorer` subpath this budget covers (`.`, `./utilities`...). */
  readonly subpath: string;
  /** What the line says. */
  readonly name: string;
  /**
   * The fixture's code; `ARMORER` stands for the subpath's specifier (`'armorer/utilities'`), and `DONE()`,
   * called when the fixture has done its work (`toolbox.execute(...).then(DONE)`), ends the measurement
   * (a fixture without it ends when its module has run). Default: an app that uses every export of the
   * subpath (`import * as all from ARMORER`, kept on `globalThis`), the worst case. No top-level await: it turns off the bundler's chunk merging, which an
   * app calling armorer from an event handler gets.
   */
  readonly fixture?: string;
  /** The most armorer's scripts may weigh, gzip bytes (level 9, each script on its own). */
  readonly maxGzipBytes: number;
  /** The most armorer scripts the page may fetch. */
  readonly maxScripts: number;
  /** A goal not met yet: printed beside the budget as MET or MISS, never failing the gate. */
  readonly target?: { readonly gzipBytes: number; readonly scripts: number };
}

export interface SizeBudgetsFile {
  readonly budgets: readonly SizeBudget[];
}

/** One script the page fetched. */
export interface FetchedScript {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Third-party peers' code (zod...), reported but not in the budget. */
  readonly peer: boolean;
}

/** What one fixture weighs in the browser. */
export interface BrowserLoad {
  /** armorer's scripts the page fetched, in the order they were requested. */
  readonly scripts: readonly FetchedScript[];
  /** The peers' scripts the page fetched. */
  readonly peers: readonly FetchedScript[];
  /** Sum of the armorer scripts, gzip bytes. */
  readonly gzipBytes: number;
  /** Sum of the armorer scripts, minified bytes. */
  readonly bytes: number;
  /** Every chunk the bundle has (fetched or not), peers included. */
  readonly chunks: number;
}

/** A checked budget. */
export interface SizeCheck {
  readonly budget: SizeBudget;
  readonly load: BrowserLoad;
  readonly pass: boolean;
  /** Whether the target is met; undefined without a target. */
  readonly targetMet?: boolean;
}

export const budgetsFile = join(rootDir, 'scripts/size-budgets.json');

export function readBudgets(file: string = budgetsFile): readonly SizeBudget[] {
  return readJson<SizeBudgetsFile>(file).budgets;
}

/** The armorer meta-package's subpaths with their entry files and whether they are server-only. */
export function armorerSubpaths(): readonly { subpath: string; entry: string; serverOnly: boolean }[] {
  return readJson(join(rootDir, 'packages/armorer/subpaths.json'));
}

/** Third-party packages the workspace packages declare as peers: external to the fixtures' bundles. */
export function externalPeers(): string[] {
  const peers = new Set<string>();
  for (const pkg of listWorkspacePackages()) {
    for (const name of Object.keys(pkg.manifest.peerDependencies ?? {})) {
      if (!name.startsWith('@armorer/') && name !== 'armorer') peers.add(name);
    }
  }
  return [...peers].sort();
}

/** Packs every published package and installs the tarballs (and the peers) into `dir`, outside the workspace. */
export async function installConsumer(dir: string): Promise<void> {
  if (dir.startsWith(`${rootDir}/`)) throw new Error(`the consumer must live outside the workspace: ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  const packages = listPublishedPackages();
  const packed = await mapLimit(packages, 2, (pkg) => packPackage(pkg, join(dir, 'tarballs')));
  await createConsumer(join(dir, 'app'), packed, peersOf(packages, true));
}

function fixtureName(budget: SizeBudget, index: number): string {
  const subpath = budget.subpath === '.' ? 'root' : budget.subpath.slice(2).replaceAll('/', '-');
  return `${String(index).padStart(2, '0')}-${subpath}`;
}

/** The default fixture: every export of the subpath, used (an entry's own exports would be a library build). */
const EVERY_EXPORT =
  'import * as all from ARMORER;\n(globalThis as Record<string, unknown>).armorerExports = all;\n';

/** The signal the page sets when the fixture's module (and its awaits) finished. */
const DONE = '__armorerFixtureDone';

/** A fixture's bundle: its output folder, how many chunks it has and the peers it imports. */
export interface FixtureBundle {
  readonly dir: string;
  readonly chunks: number;
  readonly peers: readonly string[];
}

/** Bundles one fixture into `<app>/size/<name>/out`, its peers external. */
export async function bundleFixture(app: string, budget: SizeBudget, name: string): Promise<FixtureBundle> {
  const entry = armorerSubpaths().find((candidate) => candidate.subpath === budget.subpath);
  if (entry === undefined) throw new Error(`armorer has no subpath ${budget.subpath}`);
  if (entry.serverOnly) throw new Error(`armorer${budget.subpath.slice(1)} is server-only`);
  const specifier = JSON.stringify(budget.subpath === '.' ? 'armorer' : `armorer/${budget.subpath.slice(2)}`);
  const code = (budget.fixture ?? EVERY_EXPORT).replaceAll('ARMORER', specifier);
  const dir = join(app, 'size', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'out'), { recursive: true });
  const file = join(dir, 'fixture.ts');
  // DONE() records when the fixture finished, on the page's clock: the scripts that count are those whose
  // fetch started before (resource timing lists every fetch of the page, module imports included; the harness
  // reads it once every script the server sent has its entry, since Chromium may add one after the import
  // that fetched it resolved). A fixture without a call of its own calls it at the end.
  const done = `const DONE = (): void => {\n  (globalThis as Record<string, unknown>).${DONE} = { at: performance.now() };\n};\n`;
  writeFileSync(file, `${done}${code}${code.includes('DONE(') ? '' : '\nDONE();\n'}`);
  const peers = externalPeers();
  const isPeer = (id: string) => peers.some((peer) => id === peer || id.startsWith(`${peer}/`));
  const options = {
    cwd: app,
    platform: 'browser' as const,
    logLevel: 'silent' as const,
    resolve: { conditionNames: ['browser', 'import', 'module', 'default'] },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
  };
  let output: RolldownOutput;
  try {
    output = await build({
      ...options,
      input: file,
      external: isPeer,
      output: {
        dir: join(dir, 'out'),
        format: 'esm',
        minify: true,
        entryFileNames: 'fixture.js',
        chunkFileNames: '[name]-[hash].js',
      },
      write: true,
    });
  } catch (error) {
    throw new Error(`bundling ${budget.subpath} (${budget.name}) failed: ${(error as Error).message}`);
  }
  const chunks = output.output.filter((item) => item.type === 'chunk');
  const peerImports = [...new Set(chunks.flatMap((chunk) => chunk.imports).filter(isPeer))].sort();
  return { dir: join(dir, 'out'), chunks: chunks.length, peers: peerImports };
}

/**
 * Bundles the peers the fixtures import (`zod`, `zod/v4/core`...), each whole as a module of its own, into
 * `<app>/size/peers/`; returns the import map that finds them.
 */
export async function bundlePeers(
  app: string,
  specifiers: readonly string[],
): Promise<Record<string, string>> {
  const dir = join(app, 'size', 'peers');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  if (specifiers.length === 0) return {};
  const inputs: Record<string, string> = {};
  const imports: Record<string, string> = {};
  for (const [index, peer] of [...specifiers].sort().entries()) {
    const file = join(dir, 'src', `peer-${index}.ts`);
    writeFileSync(file, `export * from ${JSON.stringify(peer)};\n`);
    inputs[`peer-${index}`] = file;
    imports[peer] = `/peers/peer-${index}.js`;
  }
  await build({
    cwd: app,
    input: inputs,
    platform: 'browser',
    logLevel: 'silent',
    resolve: { conditionNames: ['browser', 'import', 'module', 'default'] },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    output: { dir: join(dir, 'out'), format: 'esm', minify: true, chunkFileNames: '[name]-[hash].js' },
    write: true,
  });
  return imports;
}

function page(imports: Record<string, string>): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8"><title>size fixture</title>' +
    `<link rel="icon" href="data:,"><script type="importmap">${JSON.stringify({ imports })}</script></head>` +
    '<body><script type="module" src="/fixture.js"></script></body></html>\n'
  );
}

/**
 * Runs in the page: the scripts whose fetch started before `at`, read once every file of `expected` has a
 * resource timing entry (or after 10 s, when the list is what it is).
 */
async function scriptsStartedBefore({ at, expected }: { at: number; expected: string[] }): Promise<string[]> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const entries = performance
      .getEntriesByType('resource')
      .map((entry) => ({ file: new URL(entry.name).pathname.slice(1), start: entry.startTime }))
      .filter((entry) => entry.file.endsWith('.js'));
    const seen = new Set(entries.map((entry) => entry.file));
    if (expected.every((file) => seen.has(file)) || performance.now() > deadline) {
      return entries.filter((entry) => entry.start < at).map((entry) => entry.file);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Serves `dir` on loopback, opens it in a fresh browser context and lists the scripts fetched until done. */
export async function loadInBrowser(
  browser: Browser,
  bundle: FixtureBundle,
  peersDir: string,
  imports: Record<string, string>,
): Promise<BrowserLoad> {
  const { dir, chunks } = bundle;
  const html = page(Object.fromEntries(bundle.peers.map((peer) => [peer, imports[peer] as string])));
  /** Every script the server sent, in order. */
  const served: string[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname);
      if (path === '/') return new Response(html, { headers: { 'content-type': 'text/html' } });
      const file = path.startsWith('/peers/') ? join(peersDir, path.slice(7)) : join(dir, path.slice(1));
      if (!/^\/(?:peers\/)?[\w.-]+\.js$/.test(path) || !existsSync(file))
        return new Response('not found', { status: 404 });
      served.push(path.slice(1));
      return new Response(Bun.file(file), { headers: { 'content-type': 'text/javascript' } });
    },
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    // A page error ends the wait at once instead of at the timeout.
    let failed: (error: Error) => void = () => {};
    const failure = new Promise<never>((_, reject) => {
      failed = reject;
    });
    // It may reject before anything waits on it (an error while the page loads).
    failure.catch(() => {});
    const fail = (message: string) => {
      errors.push(message);
      failed(new Error(`the page failed: ${errors.join('; ')}`));
    };
    page.on('requestfailed', (request) => fail(`${request.url()} failed`));
    page.on('response', (response) => {
      if (response.status() >= 400) fail(`${response.url()} answered ${response.status()}`);
    });
    page.on('pageerror', (error) => fail(error.message));
    await page.goto(`http://127.0.0.1:${server.port}/`);
    let files: string[];
    try {
      const handle = await Promise.race([
        page.waitForFunction((flag) => (globalThis as Record<string, unknown>)[flag], DONE, {
          timeout: 30_000,
          polling: 10,
        }),
        failure,
      ]);
      const { at } = (await handle.jsonValue()) as { at: number };
      // Every script fetched before DONE was sent by now (its import resolved first); wait for their entries,
      // then keep what started before DONE: a script fetched later is not part of the load.
      files = [...new Set(await page.evaluate(scriptsStartedBefore, { at, expected: [...served] }))];
    } catch (error) {
      if (errors.length > 0) throw error;
      throw new Error(`the fixture never called DONE: ${(error as Error).message}`);
    }
    if (files.length === 0 || !files.includes('fixture.js'))
      throw new Error(`the page reported no fixture script: ${JSON.stringify(files)}`);
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    const weighed = files.map((file): FetchedScript => {
      const text = readFileSync(file.startsWith('peers/') ? join(peersDir, file.slice(6)) : join(dir, file));
      return {
        file,
        bytes: text.byteLength,
        gzipBytes: gzipSync(text, { level: 9 }).byteLength,
        peer: file.startsWith('peers/'),
      };
    });
    const scripts = weighed.filter((script) => !script.peer);
    return {
      scripts,
      peers: weighed.filter((script) => script.peer),
      gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      chunks,
    };
  } finally {
    await context.close();
    server.stop(true);
  }
}

/**
 * Checks each budget: bundles its fixture in the consumer app at `app` (see `installConsumer`) and loads it
 * in one headless Chromium.
 */
export async function checkBudgets(budgets: readonly SizeBudget[], app: string): Promise<SizeCheck[]> {
  const bundles = await mapLimit([...budgets.entries()], 2, ([index, budget]) =>
    bundleFixture(app, budget, fixtureName(budget, index)),
  );
  const imports = await bundlePeers(app, [...new Set(bundles.flatMap((bundle) => bundle.peers))]);
  const peersDir = join(app, 'size', 'peers', 'out');
  const browser = await launchChromium();
  try {
    const checks: SizeCheck[] = [];
    for (const [index, budget] of budgets.entries()) {
      const load = await loadInBrowser(browser, bundles[index] as FixtureBundle, peersDir, imports);
      const pass = load.gzipBytes <= budget.maxGzipBytes && load.scripts.length <= budget.maxScripts;
      const target = budget.target;
      checks.push({
        budget,
        load,
        pass,
        ...(target
          ? { targetMet: load.gzipBytes <= target.gzipBytes && load.scripts.length <= target.scripts }
          : {}),
      });
    }
    return checks;
  } finally {
    await browser.close();
  }
}

/** Browser subpaths of `armorer` that no budget covers (every one must have one). */
export function uncoveredSubpaths(budgets: readonly SizeBudget[]): string[] {
  const covered = new Set(budgets.map((budget) => budget.subpath));
  return armorerSubpaths()
    .filter((subpath) => !subpath.serverOnly && !covered.has(subpath.subpath))
    .map((subpath) => subpath.subpath);
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}
