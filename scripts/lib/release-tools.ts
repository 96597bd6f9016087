/**
 * The tools of the release rehearsal that the repository does not depend on: Verdaccio (the local npm
 * registry) and pnpm (one of the consumers' package managers), pinned, installed once with npm under Node 22
 * into node_modules/.cache/armorer-release-tools (ignored by git, kept between runs on one machine).
 * Verdaccio 6.10 needs Node >= 22, and its node-fetch is pinned to 2.7.0 through an npm override.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeBinDir } from './node22';
import { runOrThrow } from './process';
import { readJson, rootDir } from './workspace';

export const TOOL_VERSIONS = { verdaccio: '6.10.4', pnpm: '12.23.0' } as const;

export interface ReleaseTools {
  verdaccio: string;
  pnpm: string;
}

const dir = join(rootDir, 'node_modules/.cache/armorer-release-tools');

function installedVersion(name: string): string | undefined {
  const file = join(dir, 'node_modules', name, 'package.json');
  return existsSync(file) ? readJson<{ version: string }>(file).version : undefined;
}

export async function ensureReleaseTools(node22: string): Promise<ReleaseTools> {
  const tools = {
    verdaccio: join(dir, 'node_modules/verdaccio/bin/verdaccio'),
    pnpm: join(dir, 'node_modules/.bin/pnpm'),
  };
  const current = Object.entries(TOOL_VERSIONS).every(
    ([name, version]) => installedVersion(name) === version,
  );
  if (current && existsSync(tools.verdaccio) && existsSync(tools.pnpm)) return tools;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      { private: true, dependencies: { ...TOOL_VERSIONS }, overrides: { 'node-fetch': '2.7.0' } },
      null,
      2,
    )}\n`,
  );
  const path = `${nodeBinDir(node22, dir)}:${process.env.PATH ?? ''}`;
  await runOrThrow(['npm', 'install', '--no-audit', '--no-fund', '--no-package-lock'], {
    cwd: dir,
    env: { PATH: path },
    timeoutMs: 8 * 60_000,
  });
  for (const [name, version] of Object.entries(TOOL_VERSIONS)) {
    if (installedVersion(name) !== version) throw new Error(`${name}@${version} did not install into ${dir}`);
  }
  return tools;
}
