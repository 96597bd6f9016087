/**
 * Node binaries of a given major version for the consumer checks, from the npm package `node@<major>` (the
 * machine's own Node may be another version). Installed once into node_modules/.cache/armorer-node<major>
 * (ignored by git, kept between runs on one machine). `ARMORER_NODE22=/path/to/node` (or `ARMORER_NODE20`)
 * uses another binary instead.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { run, runOrThrow } from './process';
import { rootDir } from './workspace';

export interface NodeBinary {
  binary: string;
  version: string;
}

const platformPackage = `node-${process.platform}-${process.arch}`;

function cacheDir(major: number): string {
  return join(rootDir, `node_modules/.cache/armorer-node${major}`);
}

async function version(binary: string): Promise<string | undefined> {
  if (!existsSync(binary)) return undefined;
  const result = await run([binary, '--version']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

async function findCached(major: number): Promise<NodeBinary | undefined> {
  const dir = cacheDir(major);
  for (const binary of [
    join(dir, 'node_modules/node/bin/node'),
    join(dir, 'node_modules/node/node_modules', platformPackage, 'bin/node'),
    join(dir, 'node_modules', platformPackage, 'bin/node'),
  ]) {
    const found = await version(binary);
    if (found?.startsWith(`v${major}.`)) return { binary, version: found };
  }
  return undefined;
}

/** A Node binary of the given major version, installed from npm on first use. */
export async function ensureNode(major: number): Promise<NodeBinary> {
  const override = process.env[`ARMORER_NODE${major}`];
  if (override) {
    const found = await version(override);
    if (!found?.startsWith(`v${major}.`))
      throw new Error(`ARMORER_NODE${major}=${override} is not a Node ${major} binary`);
    return { binary: override, version: found };
  }
  const cached = await findCached(major);
  if (cached) return cached;
  const dir = cacheDir(major);
  mkdirSync(dir, { recursive: true });
  const npm = [
    'npm',
    'install',
    '--prefix',
    dir,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
  ];
  await runOrThrow([...npm, `node@${major}`], { timeoutMs: 5 * 60_000 });
  // The `node` package links its binary in a preinstall script; should npm ever skip install scripts, the
  // platform package that carries the binary is installed directly.
  let installed = await findCached(major);
  if (!installed) {
    await runOrThrow([...npm, `${platformPackage}@${major}`]);
    installed = await findCached(major);
  }
  if (!installed) throw new Error(`npm install node@${major} into ${dir} produced no working binary`);
  return installed;
}

export function ensureNode22(): Promise<NodeBinary> {
  return ensureNode(22);
}

/**
 * A folder holding a `node` link to `binary`: put first on PATH, it makes `npm`, `pnpm` and other
 * `#!/usr/bin/env node` tools run under that Node.
 */
export function nodeBinDir(binary: string, where: string): string {
  const dir = join(where, 'bin');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'node'))) symlinkSync(binary, join(dir, 'node'));
  return dir;
}
