/**
 * What a change re-runs under `bun run test`: the cache keys turbo computes (`turbo run --dry=json`, which
 * runs nothing) for the tasks of turbo.json, before and after a file appears in one package.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, runOrThrow } from '../lib/process';
import { rootDir } from '../lib/workspace';

interface DryTask {
  taskId: string;
  hash: string;
  environmentVariables: { specified: { env: string[]; passThroughEnv: string[] | null } };
}

async function hashes(env: Record<string, string> = {}): Promise<Map<string, DryTask>> {
  const { stdout } = await runOrThrow(
    [bin('turbo'), 'run', 'test', 'build', 'check:size', 'check:consumers', '--dry=json'],
    { env: { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...env } },
  );
  const tasks = (JSON.parse(stdout) as { tasks: DryTask[] }).tasks;
  return new Map(tasks.map((task) => [task.taskId, task]));
}

const probe = join(rootDir, 'packages/truncation/src/cache-key-probe.ts');
afterEach(() => rmSync(probe, { force: true }));

describe('turbo cache keys', () => {
  test('a change in truncation re-runs its dependents and the gates over all packages, nothing else', async () => {
    const before = await hashes();
    writeFileSync(probe, `export const probe = ${Date.now()};\n`);
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
