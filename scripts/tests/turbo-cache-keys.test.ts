/**
 * What a change re-runs under `bun run test`: the cache keys turbo computes (`turbo run --dry=json`, which
 * runs nothing) for the tasks of turbo.json, before and after a file appears in one package. The files are
 * written into a copy of the checkout, never into it: the test command runs this beside the docs build, the
 * type check and the builds, which would pick a probe up.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bin, runOrThrow } from '../lib/process';
import { rootDir } from '../lib/workspace';

let copy = '';

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'armorer-turbo-keys-'));
  // What git (and so turbo) sees of the checkout: tracked files and untracked ones it does not ignore.
  const { stdout } = await runOrThrow([
    'git',
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
  ]);
  for (const file of stdout.split('\0')) {
    if (file === '') continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(join(rootDir, file), join(copy, file));
    } catch {
      // A file deleted in the working tree but still in the index: turbo would not see it either.
    }
  }
  symlinkSync(join(rootDir, 'node_modules'), join(copy, 'node_modules'));
  await runOrThrow(['git', 'init', '-q'], { cwd: copy });
  await runOrThrow(['git', 'add', '-A'], { cwd: copy });
}, 60_000);

afterAll(() => {
  if (copy !== '') rmSync(copy, { recursive: true, force: true });
});

interface DryTask {
  taskId: string;
  hash: string;
  environmentVariables: { specified: { env: string[]; passThroughEnv: string[] | null } };
}

async function hashes(env: Record<string, string> = {}): Promise<Map<string, DryTask>> {
  const { stdout } = await runOrThrow(
    [
      bin('turbo'),
      'run',
      'test',
      'build',
      'check:size',
      'check:consumers',
      'check:doc-samples',
      '--dry=json',
    ],
    { cwd: copy, env: { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...env } },
  );
  const tasks = (JSON.parse(stdout) as { tasks: DryTask[] }).tasks;
  return new Map(tasks.map((task) => [task.taskId, task]));
}

const probe = () => join(copy, 'packages/truncation/src/cache-key-probe.ts');
const guideProbe = () => join(copy, 'docs/guides/cache-key-probe.md');
afterEach(() => {
  rmSync(probe(), { force: true });
  rmSync(guideProbe(), { force: true });
});

describe('turbo cache keys', () => {
  test('a change in truncation re-runs its dependents and the gates over all packages, nothing else', async () => {
    const before = await hashes();
    writeFileSync(probe(), `export const probe = ${Date.now()};\n`);
    const after = await hashes();
    const changed = (id: string) => before.get(id)?.hash !== after.get(id)?.hash;
    for (const id of [
      '@armorer/truncation#test',
      '@armorer/truncation#build',
      '@armorer/middleware#test',
      '@armorer/middleware#build',
      'armorer#test',
      'armorer#build',
      '//#check:size',
      '//#check:consumers',
      '//#check:doc-samples',
    ]) {
      expect({ id, changed: changed(id) }).toEqual({ id, changed: true });
    }
    for (const id of [
      '@armorer/core#test',
      '@armorer/core#build',
      '@armorer/approval#test',
      '@armorer/query#test',
    ]) {
      expect({ id, changed: changed(id) }).toEqual({ id, changed: false });
    }
  }, 60_000);

  test('a guide change re-runs the doc samples, not the builds, unit tests or consumer checks', async () => {
    const before = await hashes();
    writeFileSync(guideProbe(), `# Probe ${Date.now()}\n`);
    const after = await hashes();
    const changed = (id: string) => before.get(id)?.hash !== after.get(id)?.hash;
    expect({ changed: changed('//#check:doc-samples') }).toEqual({ changed: true });
    for (const id of ['armorer#build', 'armorer#test', '@armorer/core#test', '//#check:consumers']) {
      expect({ id, changed: changed(id) }).toEqual({ id, changed: false });
    }
  }, 60_000);

  test('which test servers are there is part of a test key; their URLs are not', async () => {
    const withServers = await hashes({
      ARMORER_TEST_SERVERS: 'postgres,redis',
      ARMORER_REDIS_URL: 'redis://a:1',
    });
    const otherPort = await hashes({
      ARMORER_TEST_SERVERS: 'postgres,redis',
      ARMORER_REDIS_URL: 'redis://a:2',
    });
    const without = await hashes({ ARMORER_TEST_SERVERS: 'none' });
    const id = '@armorer/store-redis#test';
    expect(withServers.get(id)?.hash).toBe(otherPort.get(id)?.hash as string);
    expect(withServers.get(id)?.hash).not.toBe(without.get(id)?.hash as string);
    expect(withServers.get(id)?.environmentVariables.specified.passThroughEnv).toContain('ARMORER_REDIS_URL');
  }, 60_000);
});
