/**
 * The one build configuration of every published package. Each package's `tsdown.config.ts` re-exports it;
 * tsdown runs in the package directory, and the entries come from that package's exports map (the
 * `@armorer/source` condition is the entry, `import.default` names the output), so the exports map is the
 * only list of entry points. The build never rewrites package.json.
 *
 * Two builds per browser-capable package:
 *   - `dist/<entry>.{js,cjs}` (+ `.d.ts`, `.d.cts`): bundled, for Bun and Node (`bun`, `import`, `require`). Few
 *     files, so a process that imports the package opens few modules (start-up time, issue 36).
 *   - `dist/browser/**`: the same ESM, one file per source module (`unbundle`), for the `browser` condition that
 *     app bundlers (Vite, webpack, esbuild, Bun) resolve. The module boundaries are what lets an app's bundler
 *     drop whole unused modules under `"sideEffects": false` and place lazily imported ones in their own
 *     chunks: bundled into one file, a module's top-level statements (a prototype patched at load, a frozen
 *     table) keep what they reference, and `createTool` + `createToolbox` + one `execute` loaded 27 kB gzip
 *     instead of 15 (measured by `bun run check:size`, scripts/lib/bundle-size.ts).
 */
import { join } from 'node:path';
import { defineConfig, type UserConfig } from 'tsdown';
import { exportTargets, readManifest } from './scripts/lib/workspace';

const DECLARATION = /\.d\.[cm]?ts$/;

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
    // What an entry loads statically and a lazily loaded chunk also uses goes into one shared chunk (the
    // entry imports it), instead of one chunk per set of users: `import { createTool } from 'armorer'`
    // opened 15 files of @armorer/core, each resolved, read, compiled and linked on its own (about 5 ms of
    // CPU on Node 22, 2 on Bun; issue 36). A package without lazy chunks stays one file (minShareCount);
    // lazily loaded modules keep chunks of their own; declaration chunks are left to the default.
    outputOptions: {
      codeSplitting: {
        groups: [
          { name: 'shared', tags: ['$initial'], minShareCount: 2, test: (id) => !DECLARATION.test(id) },
        ],
      },
    },
    // The package as it will be published (packed with `bun pm pack`) is checked after each build: publint
    // (strict: its warnings fail) and Are the Types Wrong (node16: Node's ESM and CJS resolution and
    // bundlers; node10 is out of scope with engines.node >= 22). Failures fail the build.
    publint: { strict: true },
    attw: { profile: 'node16', level: 'error' },
  };
}

/** The unbundled ESM build of a package's browser subpaths (`dist/browser/**`); none for server-only packages. */
export function browserBuildConfig(packageDir: string): UserConfig | undefined {
  const node = packageBuildConfig(packageDir);
  const browser = exportTargets(readManifest(packageDir)).filter((target) => target.browser);
  if (browser.length === 0) return undefined;
  return {
    ...node,
    entry: Object.fromEntries(browser.map((target) => [target.entryName, target.source])),
    format: ['esm'],
    // The output mirrors src/: `dist/browser/<entry>.js` is the exports map's browser target.
    unbundle: true,
    // One file per module already: no chunk groups.
    outputOptions: {},
    root: join(packageDir, 'src'),
    outDir: join(packageDir, 'dist/browser'),
    // One set of declarations: the browser condition's `types` is the bundled build's `dist/<entry>.d.ts`.
    dts: false,
    // tsdown cleans once for all configs of a run: the node build's `dist/` covers this one.
    clean: false,
    // The package is checked once, by the node build's configuration.
    publint: false,
    attw: false,
  };
}

export default defineConfig(() => {
  const browser = browserBuildConfig(process.cwd());
  const node = packageBuildConfig(process.cwd());
  return browser ? [node, browser] : [node];
});
