/** The rehearsal's consumers: fresh projects outside the workspace that install from the local registry. */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, runOrThrow } from '../lib/process';
import { type ConsumerKind, programs } from './program';

export type PackageManager = 'npm' | 'pnpm' | 'bun';

export interface Toolchain {
  /** PATH with Node 22 first, so npm and pnpm run under it. */
  path: string;
  node22: string;
  pnpm: string;
  registry: string;
  /** Bun's package cache for the consumers (fresh, so no earlier rehearsal's tarball is reused). */
  bunCache: string;
}

export interface Consumer {
  kind: ConsumerKind;
  pm: PackageManager;
  dir: string;
  versionsOf: string[];
}

function env(tools: Toolchain): Record<string, string> {
  return {
    PATH: tools.path,
    BUN_INSTALL_CACHE_DIR: tools.bunCache,
    npm_config_registry: tools.registry,
    NPM_CONFIG_REGISTRY: tools.registry,
    npm_config_update_notifier: 'false',
  };
}

function installCommand(pm: PackageManager, tools: Toolchain): string[] {
  if (pm === 'npm') return ['npm', 'install', '--no-audit', '--no-fund'];
  if (pm === 'pnpm') return [tools.pnpm, 'install'];
  // Bun's isolated linker: each package sees only what it declares, like pnpm.
  return ['bun', 'install', '--linker=isolated', '--no-progress'];
}

export async function createConsumer(
  root: string,
  kind: ConsumerKind,
  pm: PackageManager,
  dependencies: Record<string, string>,
  tools: Toolchain,
): Promise<Consumer> {
  const dir = join(root, `${kind}-${pm}`);
  mkdirSync(dir, { recursive: true });
  const manifest = { name: `rehearsal-${kind}-${pm}`, version: '1.0.0', private: true, dependencies };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // npm, pnpm and Bun all read the registry from .npmrc. pnpm waits for no release age.
  writeFileSync(join(dir, '.npmrc'), `registry=${tools.registry}\nminimum-release-age=0\n`);
  const versionsOf = Object.keys(dependencies).filter((name) => name !== 'zod');
  const { mjs, cjs } = programs(kind, versionsOf);
  writeFileSync(join(dir, 'main.mjs'), mjs);
  writeFileSync(join(dir, 'main.cjs'), cjs);
  await runOrThrow(installCommand(pm, tools), { cwd: dir, env: env(tools), timeoutMs: 8 * 60_000 });
  return { kind, pm, dir, versionsOf };
}

/** Installs one package at a new version, leaving the others as they are. */
export async function upgrade(
  consumer: Consumer,
  name: string,
  version: string,
  tools: Toolchain,
): Promise<void> {
  const spec = `${name}@${version}`;
  const cmd =
    consumer.pm === 'npm'
      ? ['npm', 'install', '--no-audit', '--no-fund', '--save-exact', spec]
      : consumer.pm === 'pnpm'
        ? [tools.pnpm, 'add', '--save-exact', spec]
        : ['bun', 'add', '--exact', '--linker=isolated', '--no-progress', spec];
  await runOrThrow(cmd, { cwd: consumer.dir, env: env(tools), timeoutMs: 8 * 60_000 });
}

export interface RunOutput {
  label: string;
  versions: Record<string, string>;
}

/** Runs main.mjs and main.cjs under Node 22 and Bun; each prints one JSON line. */
export async function runPrograms(consumer: Consumer, tools: Toolchain): Promise<RunOutput[]> {
  const outputs: RunOutput[] = [];
  for (const [runtime, binary] of [
    ['node 22', tools.node22],
    ['bun', process.execPath],
  ] as const) {
    for (const file of ['main.mjs', 'main.cjs']) {
      const label = `${consumer.kind}/${consumer.pm}: ${runtime} ${file}`;
      const result = await run([binary, file], { cwd: consumer.dir, env: { PATH: tools.path } });
      const line = result.stdout.trim().split('\n').pop() ?? '';
      if (result.code !== 0 || !line.startsWith('{')) throw new Error(`${label} failed:\n${result.output}`);
      const parsed = JSON.parse(line) as { result: number; versions: Record<string, string> };
      if (parsed.result !== 8) throw new Error(`${label}: unexpected output ${line}`);
      outputs.push({ label, versions: parsed.versions });
    }
  }
  return outputs;
}

/** Bytes on disk under node_modules (hard links counted once) and the distinct name@version installed. */
export async function footprint(consumer: Consumer): Promise<{ kib: number; packages: number }> {
  const du = await runOrThrow(['du', '-sk', join(consumer.dir, 'node_modules')]);
  const kib = Number.parseInt(du.stdout, 10);
  const seen = new Set<string>();
  const walk = (dir: string, depth: number): void => {
    if (depth > 12 || !existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink() || !stat.isDirectory()) continue;
      const manifest = join(path, 'package.json');
      if (!existsSync(manifest)) {
        // A container: node_modules, a scope, .pnpm or .bun and their name@version folders.
        walk(path, depth + 1);
        continue;
      }
      try {
        const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
          name?: string;
          version?: string;
        };
        if (name && version) seen.add(`${name}@${version}`);
      } catch {
        // A package.json that is not JSON is not a package.
      }
      walk(join(path, 'node_modules'), depth + 1);
    }
  };
  walk(join(consumer.dir, 'node_modules'), 0);
  return { kib, packages: seen.size };
}
