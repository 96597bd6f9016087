/**
 * The release rehearsal (a step of CI of its own, after `bun run test`; run it locally when the release flow
 * changes): a local npm registry (Verdaccio on loopback, proxying
 * third-party packages from the npm registry), the real release flow (`scripts/release.ts`) run in a scratch
 * copy of the repository, then consumers outside the workspace that install from it with npm, pnpm and Bun
 * (isolated linker) and run a program under Node 22 and Bun, ESM and CJS:
 *   - core-openai: only @armorer/core + @armorer/adapter-openai (the lazy toolbox.toOpenAITools() and the
 *     adapter directly);
 *   - umbrella: the armorer meta-package;
 *   - upgrade: core, adapter-openai and middleware, then adapter-openai alone moves to a version released by a
 *     second run of the flow (one patch changeset) while the others stay.
 * Every tarball the registry serves is searched for `workspace:` and for its LICENSE. Verdaccio is stopped
 * and the scratch folder removed at the end, whatever happened.
 *
 *   bun run release:rehearse [--skip-build] [--keep]
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureNode, nodeBinDir } from './lib/node22';
import { mapLimit, run, runOrThrow } from './lib/process';
import { publishedVersions } from './lib/release-plan';
import { ensureReleaseTools } from './lib/release-tools';
import { listPublishedPackages, readManifest, rootDir } from './lib/workspace';
import {
  type Consumer,
  createConsumer,
  footprint,
  type PackageManager,
  runPrograms,
  type Toolchain,
  upgrade,
} from './rehearsal/consumers';
import { startRegistry } from './rehearsal/registry';

const args = new Set(process.argv.slice(2));
const started = performance.now();
let passed = 0;
let failed = 0;

async function check<T>(name: string, body: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    const value = await body();
    passed++;
    console.log(`ok   ${name} (${((performance.now() - t0) / 1000).toFixed(1)}s)`);
    return value;
  } catch (error) {
    failed++;
    console.log(
      `FAIL ${name}\n     ${String(error instanceof Error ? error.message : error).replaceAll('\n', '\n     ')}`,
    );
    throw error;
  }
}

/** The repository's files (tracked and new, not ignored) plus each published package's dist. */
async function copyWorkspace(target: string): Promise<void> {
  const { stdout } = await runOrThrow(['git', 'ls-files', '-z', '-co', '--exclude-standard'], {
    cwd: rootDir,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = join(rootDir, file);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(from, join(target, file));
  }
  for (const pkg of listPublishedPackages()) {
    const dist = join(pkg.dir, 'dist');
    if (!existsSync(dist)) throw new Error(`${pkg.name} is not built (run bun run build)`);
    cpSync(dist, join(target, pkg.dir.slice(rootDir.length + 1), 'dist'), { recursive: true });
  }
  const git = (...argv: string[]) =>
    runOrThrow(['git', '-c', 'user.name=rehearsal', '-c', 'user.email=rehearsal@armorer.invalid', ...argv], {
      cwd: target,
    });
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'rehearsal');
}

interface Report {
  outcomes: Array<{ name: string; version: string; status: string }>;
}

async function release(workspace: string, registry: string, token: string, label: string): Promise<Report> {
  const report = join(workspace, `.release-${label}.json`);
  const result = await run(
    [
      'bun',
      'run',
      'scripts/release.ts',
      `--registry=${registry}`,
      '--skip-build',
      '--skip-test',
      `--report=${report}`,
    ],
    {
      cwd: workspace,
      env: {
        NPM_CONFIG_TOKEN: token,
        ARMORER_CHANGESET_BIN: join(rootDir, 'node_modules/.bin/changeset'),
        GIT_AUTHOR_NAME: 'rehearsal',
        GIT_AUTHOR_EMAIL: 'rehearsal@armorer.invalid',
        GIT_COMMITTER_NAME: 'rehearsal',
        GIT_COMMITTER_EMAIL: 'rehearsal@armorer.invalid',
      },
    },
  );
  const lines = result.output
    .split('\n')
    .filter((line) => /^(published|skip|tagged|release:|\d+ pending)/.test(line));
  if (result.code !== 0) throw new Error(`release failed:\n${result.output}`);
  return Object.assign(JSON.parse(readFileSync(report, 'utf8')) as Report, { log: lines.join('\n') });
}

/** Downloads every published tarball; none may hold `workspace:`, each must hold its LICENSE. */
async function inspectTarballs(registry: string, names: string[], into: string): Promise<string> {
  let count = 0;
  for (const name of names) {
    for (const [version, manifest] of Object.entries(await publishedVersions(registry, name))) {
      const url = manifest.dist?.tarball;
      if (!url) throw new Error(`${name}@${version} has no tarball URL`);
      const dir = join(into, `${name.replace('/', '__')}-${version}`);
      mkdirSync(dir, { recursive: true });
      const file = `${dir}.tgz`;
      writeFileSync(file, new Uint8Array(await (await fetch(url)).arrayBuffer()));
      await runOrThrow(['tar', '-xzf', file, '-C', dir]);
      const grep = await run(['grep', '-r', '-l', 'workspace:', dir]);
      if (grep.code === 0) throw new Error(`${name}@${version}: workspace: found in ${grep.stdout.trim()}`);
      if (!existsSync(join(dir, 'package/LICENSE'))) throw new Error(`${name}@${version} ships no LICENSE`);
      count++;
    }
  }
  return `grep -r workspace: over ${count} tarballs from the registry: no match; every one has its LICENSE`;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'armorer-rehearsal-'));
  if (scratch.startsWith(rootDir)) throw new Error('the rehearsal must run outside the repository');
  console.log(`release rehearsal in ${scratch}`);
  let stopRegistry: (() => Promise<void>) | undefined;
  try {
    const [node22, built] = await Promise.all([
      check('Node 22 from npm (node@22)', () => ensureNode(22)),
      args.has('--skip-build')
        ? Promise.resolve()
        : check('build (turbo run build)', () => runOrThrow(['bun', 'run', 'build'])),
    ]);
    void built;
    const tools = await check('Verdaccio and pnpm (pinned, from npm)', () =>
      ensureReleaseTools(node22.binary),
    );
    const path = `${nodeBinDir(node22.binary, scratch)}:${process.env.PATH ?? ''}`;

    const workspace = join(scratch, 'workspace');
    await check('scratch copy of the repository (git files + dist)', () => copyWorkspace(workspace));

    const registry = await check('Verdaccio on loopback', async () => {
      const started = await startRegistry(join(scratch, 'registry'), tools.verdaccio, path);
      stopRegistry = started.stop;
      return started;
    });
    console.log(`     ${registry.url} (pid ${registry.pid})`);

    const first = await check('release flow, run 1: version, publish every package, tag', () =>
      release(workspace, registry.url, registry.token, 'first'),
    );
    console.log(`     ${(first as Report & { log: string }).log.replaceAll('\n', '\n     ')}`);
    const names = listPublishedPackages().map((pkg) => pkg.name);
    await check('run 1 published every package', async () => {
      const published = first.outcomes.filter((outcome) => outcome.status === 'published').map((o) => o.name);
      if (published.sort().join() !== [...names].sort().join())
        throw new Error(`published ${published.join(', ')}; expected ${names.join(', ')}`);
    });
    const version = (name: string) => {
      const dir = listPublishedPackages().find((pkg) => pkg.name === name)?.dir ?? '';
      return readManifest(join(workspace, dir.slice(rootDir.length + 1))).version;
    };
    const zod = readManifest(join(rootDir, 'packages/core')).peerDependencies?.zod ?? '^4';

    const toolchain: Toolchain = {
      path,
      node22: node22.binary,
      pnpm: tools.pnpm,
      registry: registry.url,
      bunCache: join(scratch, 'bun-cache'),
    };
    const pms: PackageManager[] = ['npm', 'pnpm', 'bun'];
    const kinds = [
      { kind: 'core-openai', deps: ['@armorer/core', '@armorer/adapter-openai'] },
      { kind: 'umbrella', deps: ['armorer'] },
      { kind: 'upgrade', deps: ['@armorer/core', '@armorer/adapter-openai', '@armorer/middleware'] },
    ] as const;
    const plan = kinds.flatMap(({ kind, deps }) => pms.map((pm) => ({ kind, deps, pm })));
    const consumers = join(scratch, 'consumers');
    const installed: Consumer[] = await mapLimit(plan, 2, ({ kind, deps, pm }) =>
      check(`consumer ${kind} installs with ${pm}`, async () => {
        const dependencies = Object.fromEntries([...deps.map((name) => [name, version(name)]), ['zod', zod]]);
        const consumer = await createConsumer(consumers, kind, pm, dependencies, toolchain);
        const { kib, packages } = await footprint(consumer);
        console.log(
          `     ${kind}/${pm}: ${(kib / 1024).toFixed(1)} MiB in node_modules, ${packages} packages`,
        );
        return consumer;
      }),
    );
    await mapLimit(installed, 2, (consumer) =>
      check(`consumer ${consumer.kind}/${consumer.pm} runs (Node 22 + Bun, ESM + CJS)`, async () => {
        for (const output of await runPrograms(consumer, toolchain)) {
          for (const name of consumer.versionsOf) {
            if (output.versions[name] !== version(name))
              throw new Error(
                `${output.label}: ${name} is ${output.versions[name]}, expected ${version(name)}`,
              );
          }
        }
      }),
    );

    // A second release: one patch changeset on the adapter; the flow publishes it alone.
    const upgraded = '@armorer/adapter-openai';
    const before = Object.fromEntries(names.map((name) => [name, version(name)]));
    writeFileSync(
      join(workspace, '.changeset/rehearsal-upgrade.md'),
      `---\n'${upgraded}': patch\n---\n\nRehearsal: a patch of the OpenAI adapter alone.\n`,
    );
    const second = await check('release flow, run 2: one patch changeset, publish what is new', () =>
      release(workspace, registry.url, registry.token, 'second'),
    );
    console.log(`     ${(second as Report & { log: string }).log.replaceAll('\n', '\n     ')}`);
    await check(`run 2 published ${upgraded} alone and skipped the rest`, async () => {
      const published = second.outcomes
        .filter((o) => o.status === 'published')
        .map((o) => `${o.name}@${o.version}`);
      if (published.join() !== `${upgraded}@${version(upgraded)}` || version(upgraded) === before[upgraded])
        throw new Error(`published: ${published.join(', ') || 'nothing'}`);
      for (const name of names)
        if (name !== upgraded && version(name) !== before[name])
          throw new Error(`${name} moved to ${version(name)}`);
    });
    await check('the tarballs on the registry', async () => {
      console.log(`     ${await inspectTarballs(registry.url, names, join(scratch, 'tarballs'))}`);
    });
    for (const consumer of installed.filter((c) => c.kind === 'upgrade')) {
      await check(`consumer upgrade/${consumer.pm}: ${upgraded} alone to ${version(upgraded)}`, async () => {
        await upgrade(consumer, upgraded, version(upgraded), toolchain);
        for (const output of await runPrograms(consumer, toolchain)) {
          for (const name of consumer.versionsOf) {
            const expected = name === upgraded ? version(upgraded) : before[name];
            if (output.versions[name] !== expected)
              throw new Error(`${output.label}: ${name} is ${output.versions[name]}, expected ${expected}`);
          }
        }
      });
    }
  } catch (error) {
    // A failed check printed itself; anything else is printed here.
    if (failed === 0) {
      failed++;
      console.log(`FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  } finally {
    if (stopRegistry) await stopRegistry();
    if (args.has('--keep')) console.log(`scratch kept at ${scratch} (registry stopped)`);
    else rmSync(scratch, { recursive: true, force: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`release:rehearse: ${passed} passed, ${failed} failed (${seconds}s)`);
    process.exitCode = failed > 0 ? 1 : 0;
  }
}

await main();
