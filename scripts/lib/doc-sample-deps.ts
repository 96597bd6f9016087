/** What the documentation's samples import beyond the packed packages, at the versions the workspace has. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocSample } from './doc-samples';
import { listWorkspacePackages, rootDir } from './workspace';

const builtinPrefixes = ['node:', 'bun:', 'bun'];

let installPlaces: string[] | undefined;

/** The version of `name` that the repository itself installed (at the root or in any workspace). */
function installedVersion(name: string): string | undefined {
  installPlaces ??= [rootDir, ...listWorkspacePackages().map((pkg) => pkg.dir)];
  for (const place of installPlaces) {
    try {
      const manifest = JSON.parse(readFileSync(join(place, 'node_modules', name, 'package.json'), 'utf8'));
      if (typeof manifest.version === 'string') return manifest.version;
    } catch {
      // not installed here
    }
  }
  return undefined;
}

/**
 * Bare packages the samples import that the packed packages and their peers do not provide, plus the type
 * packages the samples need: `@types/bun` (Bun's globals and `bun:test`) and `@types/<name>` for an imported
 * package that ships no types of its own (`pg`), at the versions the workspace installed.
 */
export function extraDependencies(
  samples: DocSample[],
  provided: Set<string>,
): { extra: Record<string, string>; missing: string[] } {
  const extra: Record<string, string> = {};
  const missing: string[] = [];
  const typesOf = (name: string) => {
    const types = `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
    const version = extra[types] ? undefined : installedVersion(types);
    if (version) extra[types] = version;
  };
  typesOf('bun');
  const specifiers = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g;
  for (const sample of samples) {
    for (const match of sample.code.matchAll(specifiers)) {
      const specifier = match[1] as string;
      if (builtinPrefixes.some((prefix) => specifier === prefix || specifier.startsWith(prefix))) continue;
      const parts = specifier.split('/');
      const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
      typesOf(name);
      if (provided.has(name) || extra[name]) continue;
      const version = installedVersion(name);
      if (!version) {
        missing.push(
          `${sample.where} imports ${name}, which no armorer package provides and no workspace has installed: add it as a devDependency where it is used, so the sample is checked against a known version`,
        );
        continue;
      }
      extra[name] = version;
    }
  }
  return { extra, missing };
}
