/**
 * Who may import what (a part of `bun run check:repo`). Imports are read with Bun's transpiler (type-only imports
 * are not imports at run time; with `verbatimModuleSyntax` every other import is one):
 *   - a workspace package (packages/*, apps/*) imports another one by name, never by a relative path out of its
 *     own folder: no `../../scripts/lib/...`, no `../../apps/test-servers/src/...`. The one exception is the
 *     root build configuration (`tsdown.config.ts`), which each package's own `tsdown.config.ts` re-exports;
 *   - the repository's scripts (scripts/, root files) import workspace packages by name, never by a path into
 *     packages/ or apps/;
 *   - what a published package ships (its `src/`, tests and test fixtures aside) imports only itself, Node's
 *     builtins, and what its manifest declares for run time (`dependencies`, `peerDependencies`): never a
 *     devDependency such as `@armorer/test/durable`, a private workspace package, or `bun:test`.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { WorkspacePackage } from './workspace';

export interface ImportProblem {
  /** The importing file, relative to the repository root. */
  readonly file: string;
  readonly specifier: string;
  readonly reason: string;
}

const CODE = /\.(?:[cm]?[jt]sx?)$/;
/** Files a package does not ship: tests, type tests, benchmarks and their fixtures. */
const TEST_FILE = /(?:\.test(?:-d)?\.[cm]?[jt]sx?$|(?:^|\/)__fixtures__\/|(?:^|\/)__tests__\/)/;
/** Root files that packages may import by a relative path: the one shared build configuration. */
const SHARED_ROOT_FILES = new Set(['tsdown.config', 'tsdown.config.ts']);

const transpilers = {
  ts: new Bun.Transpiler({ loader: 'ts' }),
  tsx: new Bun.Transpiler({ loader: 'tsx' }),
  js: new Bun.Transpiler({ loader: 'js' }),
};

/** The run-time imports of a source text (static, dynamic and `require`), type-only imports left out. */
export function runtimeImports(code: string, file: string): string[] {
  const transpiler = file.endsWith('x')
    ? transpilers.tsx
    : /\.[cm]?ts$/.test(file)
      ? transpilers.ts
      : transpilers.js;
  // A bin's `#!` line is not JavaScript.
  const text = code.startsWith('#!') ? code.slice(code.indexOf('\n') + 1) : code;
  return transpiler.scanImports(text).map((entry) => entry.path);
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

/** Why a published package may not ship an import of `specifier`, or undefined when it may. */
function shippedImportProblem(
  owner: WorkspacePackage,
  specifier: string,
  privateNames: ReadonlySet<string>,
): string | undefined {
  const name = packageName(specifier);
  const { manifest } = owner;
  if (specifier === 'bun:test') return `${owner.name} ships test code: bun:test in src/`;
  if (isBuiltin(specifier) || specifier === 'bun' || specifier.startsWith('bun:') || name === owner.name)
    return undefined;
  if (privateNames.has(name)) return `${owner.name} ships an import of the private package ${name}`;
  if (manifest.dependencies?.[name] !== undefined || manifest.peerDependencies?.[name] !== undefined)
    return undefined;
  if (manifest.devDependencies?.[name] !== undefined)
    return `${owner.name} ships an import of ${name}, a devDependency: move test-only code out of src/`;
  return `${owner.name} imports ${name} without declaring it in dependencies or peerDependencies`;
}

/**
 * Checks the imports of `files` (paths relative to `rootDir`; files that are not code are ignored) against
 * the rules above. `read` is how a file's text is read (the tests pass their own).
 */
export function checkImports(
  rootDir: string,
  files: readonly string[],
  packages: readonly WorkspacePackage[],
  read: (file: string) => string = (file) => readFileSync(join(rootDir, file), 'utf8'),
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const owners = [...packages].sort((a, b) => b.dir.length - a.dir.length);
  const workspaceDirs = [join(rootDir, 'packages'), join(rootDir, 'apps')];
  const privateNames = new Set(packages.filter((pkg) => pkg.manifest.private).map((pkg) => pkg.name));
  for (const file of files) {
    if (!CODE.test(file)) continue;
    const absolute = join(rootDir, file);
    const owner = owners.find((pkg) => absolute.startsWith(`${pkg.dir}/`));
    let imports: string[];
    try {
      imports = runtimeImports(read(file), file);
    } catch (error) {
      problems.push({
        file,
        specifier: '',
        reason: `cannot be read for imports: ${(error as Error).message}`,
      });
      continue;
    }
    const inOwnSrc = owner !== undefined && absolute.startsWith(`${owner.dir}/src/`) && !TEST_FILE.test(file);
    const shipped = inOwnSrc && owner?.manifest.private !== true;
    for (const specifier of imports) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(absolute), specifier);
        const where = relative(rootDir, target);
        if (owner !== undefined) {
          if (!target.startsWith(`${owner.dir}/`) && target !== owner.dir && !SHARED_ROOT_FILES.has(where)) {
            problems.push({
              file,
              specifier,
              reason: `leaves ${owner.name} for ${where}: import a workspace package by its name`,
            });
          }
        } else if (workspaceDirs.some((dir) => target.startsWith(`${dir}/`))) {
          problems.push({
            file,
            specifier,
            reason: `reaches into ${where}: import the workspace package by its name`,
          });
        }
        continue;
      }
      if (!shipped || owner === undefined) continue;
      const reason = shippedImportProblem(owner, specifier, privateNames);
      if (reason !== undefined) problems.push({ file, specifier, reason });
    }
  }
  return problems;
}
