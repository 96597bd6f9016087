/** Packs workspace packages exactly as they would be published (`bun pm pack` turns `workspace:^` into `^<version>`). */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runOrThrow } from './process';
import { exportTargets, type WorkspacePackage } from './workspace';

export interface PackedPackage {
  pkg: WorkspacePackage;
  tarball: string;
}

/** Fails early with a clear message when a package has not been built. */
export function assertBuilt(pkg: WorkspacePackage): void {
  for (const target of exportTargets(pkg.manifest)) {
    const files = [`${target.entryName}.js`, `${target.entryName}.cjs`, `${target.entryName}.d.ts`];
    if (target.browser) files.push(`browser/${target.entryName}.js`);
    for (const file of files) {
      if (!existsSync(join(pkg.dir, 'dist', file))) {
        throw new Error(`${pkg.name} is not built (dist/${file} is missing): run bun run build`);
      }
    }
  }
}

/**
 * Packs one package into `destination`. `requireBuild: false` packs whatever `dist/` holds (for checks that
 * read only the manifest, such as the engine boundary).
 */
export async function packPackage(
  pkg: WorkspacePackage,
  destination: string,
  { requireBuild = true }: { requireBuild?: boolean } = {},
): Promise<PackedPackage> {
  if (requireBuild) assertBuilt(pkg);
  mkdirSync(destination, { recursive: true });
  const { stdout } = await runOrThrow(
    ['bun', 'pm', 'pack', '--destination', destination, '--quiet', '--ignore-scripts'],
    { cwd: pkg.dir },
  );
  const name = stdout.trim().split('\n').pop()?.trim() ?? '';
  const tarball = name.startsWith('/') ? name : join(destination, name);
  if (!name || !existsSync(tarball))
    throw new Error(`bun pm pack did not report a tarball for ${pkg.name}: ${stdout}`);
  return { pkg, tarball };
}
