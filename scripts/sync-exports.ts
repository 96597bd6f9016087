/**
 * Regenerates the `armorer` meta-package's exports map and workspace dependencies from the one list of its
 * subpaths, `packages/armorer/subpaths.json`, and checks that every published package's exports map has the
 * canonical shape (see `exportEntry`).
 *
 *   bun run sync:exports              rewrite packages/armorer/package.json (exports, dependencies)
 *   bun run sync:exports --scaffold   also create missing re-export entry files under packages/armorer/src
 *   bun run sync:exports --check      fail (exit 1) when anything is out of date; changes nothing
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  entryNameFromSource,
  exportEntry,
  exportTargets,
  listPublishedPackages,
  type PackageJson,
  readJson,
  rootDir,
} from './lib/workspace';

interface Subpath {
  subpath: string;
  entry: string;
  package: string;
  serverOnly: boolean;
}

const check = process.argv.includes('--check');
const scaffold = !check && process.argv.includes('--scaffold');
const metaDir = join(rootDir, 'packages/armorer');
const subpathsFile = join(metaDir, 'subpaths.json');
const manifestFile = join(metaDir, 'package.json');
const problems: string[] = [];

function readSubpaths(): Subpath[] {
  const raw = readJson<unknown>(subpathsFile);
  if (!Array.isArray(raw)) throw new Error(`${subpathsFile} must be an array`);
  const seen = new Set<string>();
  return raw.map((item, index) => {
    const where = `${subpathsFile}[${index}]`;
    const { subpath, entry, package: pkg, serverOnly } = (item ?? {}) as Partial<Subpath>;
    if (typeof subpath !== 'string' || !(subpath === '.' || subpath.startsWith('./'))) {
      throw new Error(`${where}.subpath must be "." or start with "./"`);
    }
    if (typeof entry !== 'string' || !/^src\/.+\.ts$/.test(entry)) {
      throw new Error(`${where}.entry must be a src/**/*.ts path`);
    }
    if (typeof pkg !== 'string' || pkg.length === 0)
      throw new Error(`${where}.package must be a package name`);
    if (typeof serverOnly !== 'boolean') throw new Error(`${where}.serverOnly must be a boolean`);
    if (seen.has(subpath)) throw new Error(`${where}: duplicate subpath ${subpath}`);
    seen.add(subpath);
    return { subpath, entry, package: pkg, serverOnly };
  });
}

/** An entry file holds re-exports of its package and nothing else (no logic in the meta-package). */
function reexportProblem(code: string, pkg: string): string | undefined {
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const reexport = /^export (type )?(\* |\* as \w+ |\{[^}]*\} )from ['"]([^'"]+)['"]$/;
  const other = statements.find((statement) => !reexport.test(statement));
  if (other) return `only re-exports are allowed, found: ${other.slice(0, 80)}`;
  if (!statements.some((statement) => statement.match(reexport)?.[3] === pkg)) {
    return `must re-export ${pkg} (export * from '${pkg}';)`;
  }
  return undefined;
}

const reexport = (subpath: Subpath, metaName: string) =>
  `/** @module ${subpath.subpath === '.' ? metaName : `${metaName}/${subpath.subpath.slice(2)}`} */\nexport * from '${subpath.package}';\n`;

const subpaths = readSubpaths();
const manifest = readJson<PackageJson>(manifestFile);
const published = new Map(listPublishedPackages().map((pkg) => [pkg.name, pkg]));

// The exports map, in the order of subpaths.json.
const exports: Record<string, unknown> = {};
for (const item of subpaths) {
  exports[item.subpath] = exportEntry(item.entry, entryNameFromSource(item.entry), item.serverOnly);
}
exports['./package.json'] = './package.json';

// Every backing package is a workspace dependency; a server-only package cannot back a browser subpath.
const dependencies = { ...manifest.dependencies };
for (const item of subpaths) {
  const backing = published.get(item.package);
  if (!backing) {
    problems.push(`${item.subpath}: ${item.package} is not a published workspace package`);
    continue;
  }
  if (item.package === manifest.name)
    problems.push(`${item.subpath}: the meta-package cannot re-export itself`);
  if (!dependencies[item.package]) dependencies[item.package] = 'workspace:^';
  const backingBrowser = exportTargets(backing.manifest).find((target) => target.subpath === '.')?.browser;
  if (!item.serverOnly && backingBrowser === false) {
    problems.push(
      `${item.subpath}: ${item.package} is server-only, so this subpath must be "serverOnly": true`,
    );
  }
}

// Each entry file is a single re-export of its package.
for (const item of subpaths) {
  const file = join(metaDir, item.entry);
  if (!existsSync(file)) {
    if (!scaffold) problems.push(`${item.entry} is missing (bun run sync:exports --scaffold creates it)`);
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, reexport(item, manifest.name));
      console.log(`created packages/armorer/${item.entry}`);
    }
  } else {
    const problem = reexportProblem(readFileSync(file, 'utf8'), item.package);
    if (problem) problems.push(`${item.entry}: ${problem}`);
  }
}

const next: PackageJson = { ...manifest, exports, dependencies: sortKeys(dependencies) };
const currentText = readFileSync(manifestFile, 'utf8');
const nextText = `${JSON.stringify(next, null, 2)}\n`;
if (currentText !== nextText) {
  if (check)
    problems.push(
      'packages/armorer/package.json is out of date with subpaths.json (run bun run sync:exports)',
    );
  else {
    writeFileSync(manifestFile, nextText);
    console.log('updated packages/armorer/package.json');
  }
}

// Every published package's exports map has the canonical shape (types first, both declaration flavours,
// browser exactly where the subpath is not server-only).
for (const pkg of listPublishedPackages()) {
  for (const target of exportTargets(pkg.manifest)) {
    const actual = pkg.manifest.exports?.[target.subpath];
    const expected = exportEntry(target.source, target.entryName, !target.browser);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(
        `${pkg.name}: exports["${target.subpath}"] is not canonical; expected ${JSON.stringify(expected)}`,
      );
    }
  }
  if (pkg.manifest.exports?.['./package.json'] !== './package.json') {
    problems.push(`${pkg.name}: exports["./package.json"] should be "./package.json"`);
  }
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`sync:exports: ${problem}`);
  process.exit(1);
}
console.log(check ? 'sync:exports: up to date' : 'sync:exports: done');
