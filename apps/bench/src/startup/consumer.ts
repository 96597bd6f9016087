/**
 * The programs the start-up benchmark times, set up as a user's project would hold them: a folder outside
 * the workspace whose `node_modules` holds `armorer` and `zod`, resolved with the runtime's own conditions
 * (never `@armorer/source`), so what loads is the built `dist` of every package, as installed. The links
 * point at the workspace packages (whose own dependencies are the workspace's installed ones), which is what
 * `npm install` of the packed tarballs produces without the minutes a fresh install takes; {@link
 * assertBuiltModules} checks that the files loaded are the built ones.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The repository root. */
export const repositoryRoot = join(import.meta.dir, '..', '..', '..', '..');

/** The folder of the programs copied into the consumer. */
export const programsDir = join(import.meta.dir, 'programs');

/** The coding MCP server's built bin. */
export const codingMcpBin = join(repositoryRoot, 'apps', 'coding-mcp', 'dist', 'cli.js');

/**
 * Builds the packages the benchmark loads (turbo: a no-op answered from its cache when nothing changed).
 * Returns turbo's closing lines.
 */
export async function buildMeasuredPackages(): Promise<string> {
  const turbo = join(repositoryRoot, 'node_modules', '.bin', 'turbo');
  const child = Bun.spawn(
    [
      turbo,
      'run',
      'build',
      '--filter=armorer...',
      '--filter=@armorer/coding-mcp...',
      '--output-logs=errors-only',
    ],
    { cwd: repositoryRoot, stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' },
  );
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`turbo run build failed (exit ${code})\n${stdout}\n${stderr}`);
  return stdout
    .split('\n')
    .filter((text) => /Tasks:|Cached:/.test(text))
    .map((text) => text.trim())
    .join(', ');
}

/**
 * Creates the consumer folder: the programs, a package.json, and node_modules links to the `armorer` of a
 * checkout (this one unless told; `compare.ts` also links another checkout's).
 */
export function createConsumer(root: string = repositoryRoot): string {
  const dir = mkdtempSync(join(tmpdir(), 'armorer-startup-'));
  for (const file of readdirSync(programsDir)) copyFileSync(join(programsDir, file), join(dir, file));
  // No "type": the programs say their module format by extension (.mjs, .cjs).
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'startup-consumer', private: true })}\n`,
  );
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  const armorer = join(root, 'packages', 'armorer');
  symlinkSync(armorer, join(modules, 'armorer'));
  // The Zod that armorer itself resolves, so both sides of a pair load the same copy.
  symlinkSync(realpathSync(join(armorer, 'node_modules', 'zod')), join(modules, 'zod'));
  return dir;
}

/**
 * Fails when a loaded module of a workspace package is not from its `dist` (a source file would mean the
 * benchmark measures something users never run), or when no workspace module was loaded at all.
 */
export function assertBuiltModules(loaded: readonly string[], what: string): number {
  const packages = `${join(repositoryRoot, 'packages')}/`;
  // Node's CommonJS loader names a file by path, its module hooks by URL: one file, counted once.
  const ours = [...new Set(loaded.map((entry) => decodeURI(entry.replace(/^file:\/\//, ''))))].filter(
    (file) => file.startsWith(packages),
  );
  if (ours.length === 0) throw new Error(`${what}: no armorer module was loaded`);
  const notBuilt = ours.filter((file) => !file.slice(packages.length).split('/').includes('dist'));
  if (notBuilt.length > 0) throw new Error(`${what}: loaded sources, not dist: ${notBuilt.join(', ')}`);
  return ours.length;
}
