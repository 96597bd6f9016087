/** What a release needs to know about the workspace: the publish order and what a registry already has. */
import type { WorkspacePackage } from './workspace';

/**
 * Published packages in dependency order (a package after everything it depends on). Optional peers do not
 * order anything: core's optional peers on the adapters would otherwise form a cycle with the adapters'
 * dependency on core, and an optional peer is only loaded on demand.
 */
export function publishOrder(packages: WorkspacePackage[]): WorkspacePackage[] {
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const needs = (pkg: WorkspacePackage): string[] => {
    const { dependencies = {}, peerDependencies = {}, peerDependenciesMeta = {} } = pkg.manifest;
    const required = Object.keys(peerDependencies).filter((name) => !peerDependenciesMeta[name]?.optional);
    return [...Object.keys(dependencies), ...required].filter((name) => byName.has(name));
  };
  const ordered: WorkspacePackage[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (pkg: WorkspacePackage, path: string[]): void => {
    if (state.get(pkg.name) === 'done') return;
    if (state.get(pkg.name) === 'visiting') {
      throw new Error(`dependency cycle among published packages: ${[...path, pkg.name].join(' -> ')}`);
    }
    state.set(pkg.name, 'visiting');
    for (const name of needs(pkg).sort()) visit(byName.get(name) as WorkspacePackage, [...path, pkg.name]);
    state.set(pkg.name, 'done');
    ordered.push(pkg);
  };
  for (const pkg of [...packages].sort((a, b) => a.name.localeCompare(b.name))) visit(pkg, []);
  return ordered;
}

/** One version's manifest as a registry serves it. */
export interface RegistryManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  dist?: { tarball?: string };
}

export function packumentUrl(registry: string, name: string): string {
  return `${registry.replace(/\/+$/, '')}/${name.replace('/', '%2f')}`;
}

/** The versions a registry has of a package (none when the registry does not know it). */
export async function publishedVersions(
  registry: string,
  name: string,
): Promise<Record<string, RegistryManifest>> {
  const response = await fetch(packumentUrl(registry, name), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(60_000),
  });
  if (response.status === 404) return {};
  if (!response.ok) throw new Error(`${packumentUrl(registry, name)} answered ${response.status}`);
  const packument = (await response.json()) as { versions?: Record<string, RegistryManifest> };
  return packument.versions ?? {};
}

/** Dependency ranges that still use the `workspace:` protocol: none may reach a registry. */
export function workspaceRanges(manifest: RegistryManifest): string[] {
  const found: string[] = [];
  for (const field of [
    'dependencies',
    'peerDependencies',
    'optionalDependencies',
    'devDependencies',
  ] as const) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (range.startsWith('workspace:')) found.push(`${field}.${name}: ${range}`);
    }
  }
  return found;
}
