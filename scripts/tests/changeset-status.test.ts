/**
 * Independent versions: what `changeset status` plans for one changeset on one package, run on a scratch copy
 * of the workspace's manifests and changesets config (so the repository's own pending changesets do not
 * count). A minor change releases the package and the packages that depend on it (their caret range no longer
 * matches); a patch change releases the package alone. Core's optional peers on the adapters (the lazy
 * `toolbox.toOpenAITools()` exporters) have a wide range, so an adapter release never bumps core and, through
 * core, everything else.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { listPublishedPackages, listWorkspacePackages, rootDir } from '../lib/workspace';

const scratch = mkdtempSync(join(tmpdir(), 'armorer-changesets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function git(...args: string[]): void {
  const result = Bun.spawnSync(
    ['git', '-c', 'user.email=ci@armorer.invalid', '-c', 'user.name=ci', ...args],
    {
      cwd: scratch,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  );
  if (result.exitCode !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.toString()}`);
}

mkdirSync(join(scratch, '.changeset'), { recursive: true });
for (const file of ['package.json', 'bun.lock', '.changeset/config.json']) {
  copyFileSync(join(rootDir, file), join(scratch, file));
}
for (const pkg of listWorkspacePackages()) {
  const target = join(scratch, relative(rootDir, pkg.dir), 'package.json');
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(pkg.dir, 'package.json'), target);
}
git('init', '-q', '-b', 'main');
git('add', '-A');
git('commit', '-q', '-m', 'scratch');

interface Release {
  name: string;
  type: 'major' | 'minor' | 'patch' | 'none';
  newVersion: string;
}

/** The non-`none` releases `changeset status` plans for one changeset. */
function plan(name: string, type: 'minor' | 'patch'): Record<string, string> {
  const changeset = join(scratch, '.changeset/rehearsal.md');
  writeFileSync(changeset, `---\n'${name}': ${type}\n---\n\nA ${type} change.\n`);
  const output = join(scratch, 'status.json');
  const changesetBin = join(rootDir, 'node_modules/.bin/changeset');
  const result = Bun.spawnSync(['bun', '--bun', changesetBin, 'status', '--output', output], {
    cwd: scratch,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  rmSync(changeset);
  if (result.exitCode !== 0)
    throw new Error(`changeset status failed: ${result.stdout.toString()}${result.stderr.toString()}`);
  const { releases } = JSON.parse(readFileSync(output, 'utf8')) as { releases: Release[] };
  return Object.fromEntries(
    releases.filter((release) => release.type !== 'none').map((release) => [release.name, release.type]),
  );
}

const published = listPublishedPackages();
/** One `changeset status` process per test: well under a second, but the shared CI machine can be slow. */
const TIMEOUT = 60_000;
/** Published packages that need `name` at run time: a regular dependency or a required peer. */
function directDependents(name: string): string[] {
  return published
    .filter(({ manifest }) => {
      const peer = manifest.peerDependencies?.[name] && !manifest.peerDependenciesMeta?.[name]?.optional;
      return Boolean(manifest.dependencies?.[name] || peer);
    })
    .map((pkg) => pkg.name);
}

describe('changeset status on one changed package', () => {
  // The provider adapters core's lazy exporters load (not the shared helpers, not the Agents SDK and AI SDK
  // integrations).
  const adapters = published.filter((pkg) =>
    /^@armorer\/adapter-(?!shared$|openai-agents$|ai-sdk$)/.test(pkg.name),
  );

  test('the provider adapters are optional peers of core (the lazy exporters need them)', () => {
    const core = published.find((pkg) => pkg.name === '@armorer/core');
    expect(adapters.length).toBeGreaterThan(0);
    for (const adapter of adapters) {
      expect(core?.manifest.peerDependenciesMeta?.[adapter.name]?.optional).toBe(true);
    }
  });

  test.each(adapters.map((pkg) => pkg.name))(
    'a minor change of %s releases it and its dependents only',
    (name) => {
      const releases = plan(name, 'minor');
      const expected = Object.fromEntries([
        [name, 'minor'],
        ...directDependents(name).map((dependent) => [dependent, 'patch']),
      ]);
      expect(releases).toEqual(expected);
      expect(releases['@armorer/core']).toBeUndefined();
      expect(Object.keys(releases).length).toBeLessThan(published.length / 2);
    },
    TIMEOUT,
  );

  test.each(published.map((pkg) => pkg.name))(
    'a patch of %s releases it alone',
    (name) => {
      expect(plan(name, 'patch')).toEqual({ [name]: 'patch' });
    },
    TIMEOUT,
  );

  test(
    'a minor change of core releases core and every package that depends on it',
    () => {
      const releases = plan('@armorer/core', 'minor');
      expect(releases['@armorer/core']).toBe('minor');
      for (const dependent of directDependents('@armorer/core')) expect(releases[dependent]).toBe('patch');
      for (const [name, type] of Object.entries(releases)) {
        if (name !== '@armorer/core') expect(type).toBe('patch');
      }
    },
    TIMEOUT,
  );
});
