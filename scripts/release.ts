/**
 * The release: version, build, test, then publish every published workspace package in dependency order with
 * `bun publish --access public` (which turns `workspace:^` into a real caret range), skipping versions the
 * registry already has, then tag each published version (`<name>@<version>`).
 *
 *   bun run release                      the whole flow against the npm registry (auth from ~/.npmrc)
 *   bun run release --dry-run            everything but the upload and the tags
 *   bun run release --registry=<url>     another registry (the rehearsal uses a local Verdaccio)
 *   --skip-version / --skip-build / --skip-test / --no-tag   leave a step out (the rehearsal skips the
 *                                        test step, being itself a step of `bun run test`)
 *   --report=<file>                      write what was published and skipped as JSON
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, runOrThrow } from './lib/process';
import { publishedVersions, publishOrder, workspaceRanges } from './lib/release-plan';
import { listPublishedPackages, rootDir } from './lib/workspace';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) || undefined;

const dryRun = flag('dry-run');
const registry = option('registry') ?? 'https://registry.npmjs.org/';
const reportFile = option('report');

function step(name: string): void {
  console.log(`\n━━ release: ${name}`);
}

async function version(): Promise<void> {
  const pending = readdirSync(join(rootDir, '.changeset')).filter(
    (file) => file.endsWith('.md') && file !== 'README.md',
  );
  if (pending.length === 0) {
    console.log('no pending changesets: versions stay as they are');
    return;
  }
  console.log(`${pending.length} pending changesets`);
  const changeset = process.env.ARMORER_CHANGESET_BIN ?? join(rootDir, 'node_modules/.bin/changeset');
  await runOrThrow(['bun', '--bun', changeset, 'version'], {
    inherit: true,
  });
  // The lockfile records each workspace's version; `bun publish` resolves `workspace:^` from the workspace.
  await runOrThrow(['bun', 'install', '--lockfile-only'], { inherit: true });
}

interface Outcome {
  name: string;
  version: string;
  status: 'published' | 'skipped' | 'dry-run';
}

async function publish(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const pkg of publishOrder(listPublishedPackages())) {
    const { name, version } = pkg.manifest;
    if (!existsSync(join(pkg.dir, 'LICENSE'))) throw new Error(`${name} has no LICENSE file to ship`);
    const before = await publishedVersions(registry, name);
    if (before[version]) {
      console.log(`skip ${name}@${version} (already published)`);
      outcomes.push({ name, version, status: 'skipped' });
      continue;
    }
    const cmd = ['bun', 'publish', '--access', 'public', '--registry', registry];
    if (dryRun) cmd.push('--dry-run');
    const result = await run(cmd, { cwd: pkg.dir });
    if (result.code !== 0) throw new Error(`bun publish of ${name}@${version} failed:\n${result.output}`);
    if (dryRun) {
      outcomes.push({ name, version, status: 'dry-run' });
      console.log(`dry-run ${name}@${version}`);
      continue;
    }
    const served = (await publishedVersions(registry, name))[version];
    if (!served) throw new Error(`${registry} does not serve ${name}@${version} after publishing it`);
    const leaked = workspaceRanges(served);
    if (leaked.length > 0)
      throw new Error(`${name}@${version} reached the registry with ${leaked.join(', ')}`);
    console.log(`published ${name}@${version}`);
    outcomes.push({ name, version, status: 'published' });
  }
  return outcomes;
}

async function tag(outcomes: Outcome[]): Promise<void> {
  if (!existsSync(join(rootDir, '.git'))) {
    console.log('not a git checkout: no tags');
    return;
  }
  for (const { name, version, status } of outcomes) {
    if (status !== 'published') continue;
    const tagName = `${name}@${version}`;
    const exists = await run(['git', 'rev-parse', '-q', '--verify', `refs/tags/${tagName}`]);
    if (exists.code === 0) continue;
    await runOrThrow(['git', 'tag', tagName]);
    console.log(`tagged ${tagName}`);
  }
  console.log('push the tags with: git push --tags');
}

const started = performance.now();
if (!flag('skip-version')) {
  step('version (changeset version, bun install --lockfile-only)');
  await version();
}
if (!flag('skip-build')) {
  step('build');
  await runOrThrow(['bun', 'run', 'build'], { inherit: true });
}
if (!flag('skip-test')) {
  step('test (bun run test)');
  await runOrThrow(['bun', 'run', 'test'], { inherit: true, timeoutMs: 60 * 60_000 });
}
step(`publish to ${registry}${dryRun ? ' (dry run)' : ''}`);
const outcomes = await publish();
if (!dryRun && !flag('no-tag')) {
  step('tag');
  await tag(outcomes);
}
if (reportFile) writeFileSync(reportFile, `${JSON.stringify({ registry, outcomes }, null, 2)}\n`);
const count = (status: Outcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
console.log(
  `\nrelease: ${count('published')} published, ${count('skipped')} already published` +
    `${dryRun ? `, ${count('dry-run')} dry-run` : ''} (${((performance.now() - started) / 1000).toFixed(1)}s)`,
);
