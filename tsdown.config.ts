/**
 * The one build configuration of every published package. Each package's `tsdown.config.ts` re-exports it;
 * tsdown runs in the package directory, and the entries come from that package's exports map (the
 * `@armorer/source` condition is the entry, `import.default` names the output), so the exports map is the
 * only list of entry points. The build never rewrites package.json.
 */
import { join } from 'node:path';
import { defineConfig, type UserConfig } from 'tsdown';
import { exportTargets, readManifest } from './scripts/lib/workspace';

export function packageBuildConfig(packageDir: string): UserConfig {
  const manifest = readManifest(packageDir);
  const targets = exportTargets(manifest);
  if (targets.length === 0) throw new Error(`${manifest.name} has no exports to build`);
  const serverOnly = targets.every((target) => !target.browser);
  // A browser-capable package may also have a server-only subpath (`@armorer/test/durable`): its Node
  // builtins stay imports. The consumer check's browser bundle still fails a browser subpath using one.
  const mixed = !serverOnly && targets.some((target) => !target.browser);
  return {
    cwd: packageDir,
    entry: Object.fromEntries(targets.map((target) => [target.entryName, target.source])),
    format: ['esm', 'cjs'],
    // Browser-capable packages are built platform-neutral; server-only ones may use Node builtins.
    platform: serverOnly ? 'node' : 'neutral',
    ...(mixed ? { deps: { neverBundle: [/^node:/] } } : {}),
    target: 'es2023',
    // With "type": "module": ESM -> .js/.d.ts, CJS -> .cjs/.d.cts, as the exports maps say.
    fixedExtension: false,
    dts: true,
    sourcemap: false,
    clean: true,
    treeshake: true,
    // Dependencies and peers stay external (tsdown's default); the exports map is written by hand or by
    // scripts/sync-exports.ts, never by the build.
    exports: false,
    tsconfig: join(import.meta.dirname, 'tsconfig.build.json'),
    logLevel: 'warn',
    failOnWarn: true,
  };
}

export default defineConfig(() => packageBuildConfig(process.cwd()));
