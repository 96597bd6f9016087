/** A consumer project outside the workspace with the packed tarballs installed, as a user installs them. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackedPackage } from './pack';
import { runOrThrow } from './process';
import type { WorkspacePackage } from './workspace';

/** The peers a consumer installs: every non-workspace peer, optional ones only when asked. */
export function peersOf(packages: WorkspacePackage[], withOptional: boolean): Record<string, string> {
  const names = new Set(packages.map((pkg) => pkg.name));
  const peers: Record<string, string> = {};
  for (const { manifest } of packages) {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (names.has(name)) continue;
      if (!withOptional && manifest.peerDependenciesMeta?.[name]?.optional) continue;
      peers[name] ??= range;
    }
  }
  return peers;
}

export function hasOptionalPeers(packages: WorkspacePackage[]): boolean {
  return packages.some(({ manifest }) =>
    Object.values(manifest.peerDependenciesMeta ?? {}).some((meta) => meta.optional === true),
  );
}

export async function createConsumer(
  dir: string,
  packed: PackedPackage[],
  peers: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const tarballs = Object.fromEntries(packed.map(({ pkg, tarball }) => [pkg.name, `file:${tarball}`]));
  const manifest = {
    name: 'armorer-consumer-check',
    private: true,
    type: 'module',
    dependencies: { ...tarballs, ...peers, ...extra },
    devDependencies: { '@types/node': '^22' },
    // Packed packages depend on each other by version: point those at the tarballs, not the registry.
    overrides: tarballs,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const { output } = await runOrThrow(['bun', 'install', '--no-progress'], {
    cwd: dir,
    timeoutMs: 5 * 60_000,
  });
  return output
    .split('\n')
    .filter((line) => /installed|packages? installed/i.test(line))
    .join('\n');
}
