/**
 * A Node 22 binary for the consumer check, from the npm package `node@22` (the machine's own Node may be
 * older). Installed once into node_modules/.cache (ignored by git, kept between runs on one machine);
 * `ARMORER_NODE22=/path/to/node` uses another binary instead.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { run, runOrThrow } from './process';
import { rootDir } from './workspace';

const cacheDir = join(rootDir, 'node_modules/.cache/armorer-node22');
const platformPackage = `node-${process.platform}-${process.arch}`;
const candidates = [
  join(cacheDir, 'node_modules/node/bin/node'),
  join(cacheDir, 'node_modules/node/node_modules', platformPackage, 'bin/node'),
  join(cacheDir, 'node_modules', platformPackage, 'bin/node'),
];

async function version(binary: string): Promise<string | undefined> {
  if (!existsSync(binary)) return undefined;
  const result = await run([binary, '--version']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

async function findCached(): Promise<{ binary: string; version: string } | undefined> {
  for (const binary of candidates) {
    const found = await version(binary);
    if (found?.startsWith('v22.')) return { binary, version: found };
  }
  return undefined;
}

export async function ensureNode22(): Promise<{ binary: string; version: string }> {
  const override = process.env.ARMORER_NODE22;
  if (override) {
    const found = await version(override);
    if (!found?.startsWith('v22.')) throw new Error(`ARMORER_NODE22=${override} is not a Node 22 binary`);
    return { binary: override, version: found };
  }
  const cached = await findCached();
  if (cached) return cached;
  mkdirSync(cacheDir, { recursive: true });
  const npm = [
    'npm',
    'install',
    '--prefix',
    cacheDir,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
  ];
  await runOrThrow([...npm, 'node@22'], { timeoutMs: 5 * 60_000 });
  // The `node` package links its binary in a preinstall script; should npm ever skip install scripts, the
  // platform package that carries the binary is installed directly.
  let installed = await findCached();
  if (!installed) {
    await runOrThrow([...npm, `${platformPackage}@22`]);
    installed = await findCached();
  }
  if (!installed) throw new Error(`npm install node@22 into ${cacheDir} produced no working Node 22 binary`);
  return installed;
}
