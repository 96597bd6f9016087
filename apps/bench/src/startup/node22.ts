/**
 * The Node 22 the start-up figures run under: `ARMORER_NODE22` when set, else the copy `bun run setup:tools`
 * installs into the repository's `node_modules/.cache/armorer-node22` (the bench reads it, it never installs).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './consumer';

export interface Node22 {
  binary: string;
  version: string;
}

const platformPackage = `node-${process.platform}-${process.arch}`;

function versionOf(binary: string): string | undefined {
  if (!existsSync(binary)) return undefined;
  const probe = Bun.spawnSync([binary, '--version'], { stdout: 'pipe', stderr: 'ignore' });
  return probe.exitCode === 0 ? probe.stdout.toString().trim() : undefined;
}

/** Finds Node 22, or throws saying how to install it. */
export function findNode22(): Node22 {
  const cache = join(repositoryRoot, 'node_modules', '.cache', 'armorer-node22', 'node_modules');
  const candidates = [
    process.env.ARMORER_NODE22,
    join(cache, 'node', 'bin', 'node'),
    join(cache, 'node', 'node_modules', platformPackage, 'bin', 'node'),
    join(cache, platformPackage, 'bin', 'node'),
  ];
  for (const binary of candidates) {
    if (binary === undefined || binary === '') continue;
    const version = versionOf(binary);
    if (version?.startsWith('v22.')) return { binary, version };
  }
  throw new Error('the start-up bench needs Node 22: run `bun run setup:tools` (or set ARMORER_NODE22)');
}
