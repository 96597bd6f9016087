/**
 * Browser bundle sizes of the `armorer` subpaths: each fixture is bundled with `Bun.build` (browser target,
 * minified, code splitting on, the third-party peers such as zod external), and what a browser loads before
 * any lazy `import()` runs (the entry chunk plus the chunks it imports statically) is gzipped. The budgets
 * live in `scripts/size-budgets.json`; `scripts/check-size.ts` is the gate.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { listWorkspacePackages, readJson, rootDir, sourceCondition } from './workspace';

/** One budget: a fixture bundled for the browser and the most gzip bytes it may take. */
export interface SizeBudget {
  /** The `armorer` subpath this budget covers (`.`, `./utilities`...). */
  readonly subpath: string;
  /** What the line says. */
  readonly name: string;
  /**
   * The fixture's code; `ARMORER` stands for the subpath's module. Default: `export * from ARMORER`
   * (everything the subpath exports, the worst case).
   */
  readonly fixture?: string;
  /** The most the initial load may weigh, gzip bytes (level 9). */
  readonly maxGzipBytes: number;
}

export interface SizeBudgetsFile {
  readonly budgets: readonly SizeBudget[];
}

/** What one fixture weighs. */
export interface BundleSize {
  /** Minified bytes loaded up front (entry + statically imported chunks). */
  readonly minBytes: number;
  /** The same, gzipped. */
  readonly gzipBytes: number;
  /** Minified bytes of every output, lazy chunks included. */
  readonly totalMinBytes: number;
  /** Number of output files (1 when nothing is split off). */
  readonly chunks: number;
}

/** A checked budget. */
export interface SizeCheck {
  readonly budget: SizeBudget;
  readonly size: BundleSize;
  readonly pass: boolean;
}

export const budgetsFile = join(rootDir, 'scripts/size-budgets.json');

export function readBudgets(file: string = budgetsFile): readonly SizeBudget[] {
  return readJson<SizeBudgetsFile>(file).budgets;
}

/** The armorer meta-package's subpaths with their entry files and whether they are server-only. */
export function armorerSubpaths(): readonly { subpath: string; entry: string; serverOnly: boolean }[] {
  return readJson(join(rootDir, 'packages/armorer/subpaths.json'));
}

/** Third-party packages every bundle keeps external: the peer dependencies of the workspace packages. */
export function externalPeers(): string[] {
  const peers = new Set<string>();
  for (const pkg of listWorkspacePackages()) {
    for (const name of Object.keys(pkg.manifest.peerDependencies ?? {})) {
      if (!name.startsWith('@armorer/') && name !== 'armorer') peers.add(name);
    }
  }
  return [...peers].sort();
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+)["']/g;

/** Bundles one fixture and weighs what loads before any lazy import. */
export async function measureFixture(
  subpath: string,
  fixture: string | undefined,
  workDir: string,
): Promise<BundleSize> {
  const entry = armorerSubpaths().find((candidate) => candidate.subpath === subpath);
  if (entry === undefined) throw new Error(`armorer has no subpath ${subpath}`);
  const modulePath = JSON.stringify(join(rootDir, 'packages/armorer', entry.entry));
  const code = (fixture ?? 'export * from ARMORER;').replaceAll('ARMORER', modulePath);
  const name = subpath === '.' ? 'root' : subpath.slice(2).replaceAll('/', '-');
  const dir = join(workDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'fixture.ts');
  writeFileSync(file, code);
  const result = await Bun.build({
    entrypoints: [file],
    outdir: join(dir, 'out'),
    target: 'browser',
    format: 'esm',
    minify: true,
    splitting: true,
    conditions: [sourceCondition, 'browser'],
    external: externalPeers(),
    throw: false,
  });
  if (!result.success) {
    throw new Error(`bundling ${subpath} failed:\n${result.logs.map(String).join('\n')}`);
  }
  const outputs = new Map<string, string>();
  let entryName: string | undefined;
  for (const output of result.outputs) {
    const text = await output.text();
    outputs.set(basename(output.path), text);
    if (output.kind === 'entry-point') entryName = basename(output.path);
  }
  if (entryName === undefined) throw new Error(`bundling ${subpath} produced no entry`);
  // Walk the static imports from the entry: those chunks load with it; dynamic import() targets do not.
  const loaded = new Set<string>();
  const pending = [entryName];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (loaded.has(next)) continue;
    loaded.add(next);
    const text = outputs.get(next) ?? '';
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const target = basename(match[1] as string);
      if (outputs.has(target)) pending.push(target);
    }
  }
  const upfront = [...loaded].map((chunk) => outputs.get(chunk) ?? '').join('\n');
  let totalMinBytes = 0;
  for (const text of outputs.values()) totalMinBytes += Buffer.byteLength(text);
  return {
    minBytes: Buffer.byteLength(upfront),
    gzipBytes: gzipSync(upfront, { level: 9 }).length,
    totalMinBytes,
    chunks: outputs.size,
  };
}

/** Checks each budget against a fresh bundle of its fixture. */
export async function checkBudgets(budgets: readonly SizeBudget[], workDir: string): Promise<SizeCheck[]> {
  const checks: SizeCheck[] = [];
  for (const budget of budgets) {
    const size = await measureFixture(budget.subpath, budget.fixture, workDir);
    checks.push({ budget, size, pass: size.gzipBytes <= budget.maxGzipBytes });
  }
  return checks;
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
