/**
 * Repository checks that need no build (a step of `bun run test`):
 *   - self-contained: no file of the repository (code, tests, benchmarks, scripts, docs, config) refers to a
 *     path outside it: no relative path that climbs above the root from where it is written, no absolute
 *     path into the machine's work folders, no `shared/` data or spec. Test data lives in `fixtures/`.
 *   - manifests (what spans files; single fields are npm-package-json-lint's, `bun run lint:manifests`): every
 *     published package has its LICENSE file (the root's), a README, `repository` (the root's URL, its own
 *     directory), the root's `engines`, `"sideEffects": false`; a package with `test/node-smoke.mjs` runs it
 *     as its `test:node` script; every published package is a dependency of `armorer` (directly or not: the
 *     gates after the build wait for `armorer#build`); internal dependencies are `workspace:^`, except
 *     optional peers, which
 *     carry a plain range that the current version satisfies (no workspace protocol, so a release of the
 *     peer does not bump the package that only loads it on demand).
 *   - imports (scripts/lib/import-rules.ts): workspace packages import each other by name, never test code or
 *     scripts/ by a relative path out of their folder; scripts import packages by name; what a published
 *     package ships imports only what its manifest declares for run time (no `@armorer/test/durable`, no
 *     private package, no `bun:test` in src/).
 *
 *   bun run check:repo [--fix]
 */
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { checkImports } from './lib/import-rules';
import { runOrThrow } from './lib/process';
import { listPublishedPackages, listWorkspacePackages, readManifest, rootDir } from './lib/workspace';

const problems: string[] = [];
/** `--fix` copies a missing LICENSE and turns other `workspace:` ranges into `workspace:^`. */
const fix = process.argv.includes('--fix');

// ── self-contained ──────────────────────────────────────────────────────────
const TEXT = /\.(?:[cm]?[jt]sx?|json|jsonc|md|ya?ml|toml|sh|txt|html|css)$|(?:^|\/)(?:run|Dockerfile)$/;
/** Folders whose files are data from elsewhere, not code or docs of this repository. */
const SKIP = /^(?:fixtures\/|bun\.lock$|\.changeset\/.*\.md$)/;
const ABSOLUTE = /(?:^|[\s'"`(=])(\/work\/|\/home\/|\/Users\/|\/tmp\/armorer)/;
const SHARED = /\bshared\/(?:data|spec)\b|armorer-spec\.txt/;
/** A run of `../` segments inside a string, a link or a path: resolved from the file's own folder. */
const CLIMB = /(?<![.\w])(?:\.\.\/)+(?:\.\.(?![.\w]))?|(?<![.\w])\.\.(?=['"`])/g;
/** Files whose relative paths are read from another folder: typedoc's packageOptions apply in packages/<name>. */
const BASE: Record<string, string> = { 'typedoc.json': 'packages/any' };

const listing = await runOrThrow(['git', 'ls-files', '-z', '-co', '--exclude-standard'], { cwd: rootDir });
const files = listing.stdout
  .split('\0')
  .filter((file) => file && TEXT.test(file) && !SKIP.test(file))
  .filter((file) => existsSync(join(rootDir, file)) && statSync(join(rootDir, file)).size < 2_000_000);
const self = relative(rootDir, import.meta.path);
let scanned = 0;
for (const file of files) {
  if (file === self) continue;
  scanned++;
  const lines = readFileSync(join(rootDir, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const absolute = line.match(ABSOLUTE);
    if (absolute) problems.push(`${where}: absolute path outside the repository (${absolute[1]}...)`);
    if (SHARED.test(line))
      problems.push(`${where}: refers to shared/ outside the repository: ${line.trim()}`);
    for (const match of line.matchAll(CLIMB)) {
      const climbed = resolve(join(rootDir, BASE[file] ?? dirname(file)), match[0]);
      if (climbed !== rootDir && !climbed.startsWith(`${rootDir}/`)) {
        problems.push(`${where}: "${match[0]}" climbs out of the repository: ${line.trim().slice(0, 120)}`);
      }
    }
  });
}

// ── imports ───────────────────────────────────────────────────────────────────
const allFiles = listing.stdout.split('\0').filter((file) => file && existsSync(join(rootDir, file)));
const importProblems = checkImports(rootDir, allFiles, listWorkspacePackages());
for (const problem of importProblems)
  problems.push(`${problem.file}: imports "${problem.specifier}": ${problem.reason}`);

// ── manifests ───────────────────────────────────────────────────────────────
const root = readManifest(rootDir);
const rootLicense = readFileSync(join(rootDir, 'LICENSE'), 'utf8');
const rootRepository = (root.repository as { url?: string } | undefined)?.url;
if (!rootRepository) problems.push('package.json (root): "repository.url" is missing');
if (root.license !== 'MIT') problems.push('package.json (root): "license" must be "MIT"');
const workspaceNames = new Set(listWorkspacePackages().map((pkg) => pkg.name));
const published = listPublishedPackages();

for (const pkg of listWorkspacePackages()) {
  const where = relative(rootDir, join(pkg.dir, 'package.json'));
  const { manifest } = pkg;
  // `bun run test` runs each package's Node smoke test as its turbo task `test:node`.
  if (
    existsSync(join(pkg.dir, 'test/node-smoke.mjs')) &&
    manifest.scripts?.['test:node'] !== 'node test/node-smoke.mjs'
  )
    problems.push(`${where}: has test/node-smoke.mjs, so needs "test:node": "node test/node-smoke.mjs"`);
  const optional = manifest.peerDependenciesMeta ?? {};
  for (const field of [
    'dependencies',
    'devDependencies',
    'peerDependencies',
    'optionalDependencies',
  ] as const) {
    for (const [name, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) {
      if (!workspaceNames.has(name)) continue;
      if (field === 'peerDependencies' && optional[name]?.optional) {
        const target = listWorkspacePackages().find((other) => other.name === name);
        if (range.startsWith('workspace:'))
          problems.push(`${where}: optional peer ${name} must have a plain wide range, not ${range}`);
        else if (target && !Bun.semver.satisfies(target.manifest.version, range))
          problems.push(`${where}: optional peer ${name}@${range} does not cover ${target.manifest.version}`);
      } else if (range !== 'workspace:^') {
        if (fix && range.startsWith('workspace:')) {
          const text = readFileSync(join(pkg.dir, 'package.json'), 'utf8');
          const next = text.replace(`"${name}": "${range}"`, `"${name}": "workspace:^"`);
          if (next !== text) {
            writeFileSync(join(pkg.dir, 'package.json'), next);
            console.log(`${where}: ${field}.${name} ${range} -> workspace:^`);
            continue;
          }
        }
        problems.push(`${where}: ${field}.${name} must be "workspace:^", not "${range}"`);
      }
    }
  }
}

for (const pkg of published) {
  const dir = relative(rootDir, pkg.dir);
  const where = `${dir}/package.json`;
  const { manifest } = pkg;
  const need = (ok: boolean, message: string) => ok || problems.push(`${where}: ${message}`);
  // Single-field rules (version, description, license, keywords, publishConfig, type, files) are
  // npm-package-json-lint's (.npmpackagejsonlintrc.json, `bun run lint:manifests`); these span files.
  need(manifest.sideEffects === false, '"sideEffects" must be false');
  for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {}))
    need(range.trim() !== '*', `peerDependencies.${peer} must have a real range, not *`);
  const repository = manifest.repository as { type?: string; url?: string; directory?: string } | undefined;
  need(
    repository?.type === 'git' && repository.url === rootRepository && repository.directory === dir,
    `"repository" must be { "type": "git", "url": "${rootRepository}", "directory": "${dir}" }`,
  );
  need(
    JSON.stringify(manifest.engines) === JSON.stringify(root.engines),
    `"engines" must equal the root's ${JSON.stringify(root.engines)}`,
  );
  const license = join(pkg.dir, 'LICENSE');
  if (fix && !existsSync(license)) {
    copyFileSync(join(rootDir, 'LICENSE'), license);
    console.log(`copied LICENSE into ${dir}`);
  }
  need(
    existsSync(license) && readFileSync(license, 'utf8') === rootLicense,
    'LICENSE must be a copy of the root LICENSE (cp LICENSE <package>/)',
  );
  need(existsSync(join(pkg.dir, 'README.md')), 'README.md is missing');
}

// The gates after the build (size, consumers) wait for `armorer#build`, which waits for the builds of its
// dependencies: every published package must be among them.
const byName = new Map(listWorkspacePackages().map((pkg) => [pkg.name, pkg]));
const reached = new Set<string>();
const reach = (name: string): void => {
  const pkg = byName.get(name);
  if (pkg === undefined || reached.has(name)) return;
  reached.add(name);
  for (const dep of [
    ...Object.keys(pkg.manifest.dependencies ?? {}),
    ...Object.keys(pkg.manifest.devDependencies ?? {}),
  ])
    reach(dep);
};
reach('armorer');
for (const pkg of published) {
  if (!reached.has(pkg.name))
    problems.push(
      `${pkg.name} is not a dependency of armorer: add it (packages/armorer/subpaths.json) or to a package armorer depends on`,
    );
}

for (const problem of problems) console.log(`FAIL ${problem}`);
console.log(
  `check:repo: ${scanned} files scanned for paths outside the repository, imports of ${allFiles.length} files, ` +
    `${published.length} package manifests; ` +
    `${problems.length} problems`,
);
console.log(`${problems.length === 0 ? 2 : 0} passed, ${problems.length === 0 ? 0 : 1} failed`);
process.exit(problems.length === 0 ? 0 : 1);
