/**
 * Reads the workspace: its packages and their exports maps. Every repository script derives what it
 * checks from here, so a new package or subpath is covered without touching the scripts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Node-compatible on purpose (no Bun globals): the shared tsdown config imports this module.
export const rootDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The custom condition that points workspace consumers (tests, typecheck, docs) at the sources. */
export const sourceCondition = '@armorer/source';

export interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  type?: string;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: Record<string, string>;
  workspaces?: string[];
  scripts?: Record<string, string>;
  [key: string]: unknown;
}

export interface WorkspacePackage {
  name: string;
  dir: string;
  manifest: PackageJson;
}

/** One public subpath of a package, with the built files its exports entry points at. */
export interface ExportTarget {
  /** `.` or `./core` */
  subpath: string;
  /** What a consumer writes: `armorer`, `armorer/core`. */
  specifier: string;
  /** `src/core.ts`, relative to the package. */
  source: string;
  /** Name of the build entry, `core` or `adapters/openai`; outputs are `dist/<name>.{js,cjs,d.ts,d.cts}`. */
  entryName: string;
  /** The subpath declares a `browser` condition, i.e. it must bundle for browsers. */
  browser: boolean;
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export function readManifest(dir: string): PackageJson {
  return readJson<PackageJson>(join(dir, 'package.json'));
}

/** All workspace packages matched by the root `workspaces` globs. */
export function listWorkspacePackages(): WorkspacePackage[] {
  const root = readManifest(rootDir);
  const dirs = new Set<string>();
  for (const pattern of root.workspaces ?? []) {
    // The workspaces globs are of the form `folder/*`.
    const parent = join(rootDir, pattern.replace(/\/\*$/, ''));
    if (!pattern.endsWith('/*')) {
      if (existsSync(join(parent, 'package.json'))) dirs.add(parent);
      continue;
    }
    if (!existsSync(parent)) continue;
    for (const entry of readdirSync(parent, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json'))) {
        dirs.add(join(parent, entry.name));
      }
    }
  }
  return [...dirs].sort().map((dir) => {
    const manifest = readManifest(dir);
    return { dir, manifest, name: manifest.name };
  });
}

/** Workspace packages that are published (not private): the ones that are built, packed and checked. */
export function listPublishedPackages(): WorkspacePackage[] {
  return listWorkspacePackages().filter(
    (pkg) => pkg.manifest.private !== true && pkg.dir.startsWith(join(rootDir, 'packages')),
  );
}

function stripDot(path: string): string {
  return path.replace(/^\.\//, '');
}

function conditionTarget(value: unknown, ...path: string[]): string | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' ? current : undefined;
}

/** The subpaths of a package's exports map that have sources (everything but `./package.json`). */
export function exportTargets(manifest: PackageJson): ExportTarget[] {
  const targets: ExportTarget[] = [];
  for (const [subpath, entry] of Object.entries(manifest.exports ?? {})) {
    if (subpath === './package.json') continue;
    const source = conditionTarget(entry, sourceCondition);
    const esm = conditionTarget(entry, 'import', 'default');
    if (!source || !esm) {
      throw new Error(
        `${manifest.name}: exports["${subpath}"] needs a "${sourceCondition}" source and an import.default target`,
      );
    }
    const entryName = stripDot(esm)
      .replace(/^dist\//, '')
      .replace(/\.js$/, '');
    targets.push({
      subpath,
      specifier: subpath === '.' ? manifest.name : `${manifest.name}/${stripDot(subpath)}`,
      source: stripDot(source),
      entryName,
      browser: entry !== null && typeof entry === 'object' && 'browser' in entry,
    });
  }
  return targets;
}

/**
 * The canonical exports entry of one subpath: the source condition for the workspace, then Bun (ESM for both
 * import and require, so Bun never loads two copies), the browser (unless server-only: the unbundled ESM
 * build under `dist/browser/`), and Node's
 * import/require with their own declaration files. `types` comes first in every object.
 */
export function exportEntry(source: string, entryName: string, serverOnly: boolean): Record<string, unknown> {
  const esm = { types: `./dist/${entryName}.d.ts`, default: `./dist/${entryName}.js` };
  const cjs = { types: `./dist/${entryName}.d.cts`, default: `./dist/${entryName}.cjs` };
  // Browsers get the unbundled build (one file per module, see tsdown.config.ts) with the same declarations.
  const browser = { types: `./dist/${entryName}.d.ts`, default: `./dist/browser/${entryName}.js` };
  return {
    [sourceCondition]: `./${stripDot(source)}`,
    bun: esm,
    ...(serverOnly ? {} : { browser }),
    import: esm,
    require: cjs,
  };
}

/** `src/adapters/openai.ts` -> `adapters/openai` */
export function entryNameFromSource(source: string): string {
  return stripDot(source)
    .replace(/^src\//, '')
    .replace(/\.[cm]?tsx?$/, '');
}

export function hasFile(dir: string, file: string): boolean {
  return existsSync(join(dir, file));
}
