/**
 * Runs every `packages/<name>/test/node-smoke.mjs` and `apps/<name>/test/node-smoke.mjs` with Node 22 (from the npm package node@22), against the
 * built packages: the parts of a package that behave differently under Node than under Bun (for example
 * file enumeration without Bun.Glob) are exercised for real. Run after the build.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNode22 } from './lib/node22';
import { rootDir } from './lib/workspace';

const { binary, version } = await ensureNode22();
const smokes = ['packages', 'apps']
  .flatMap((folder) => readdirSync(join(rootDir, folder)).map((name) => join(rootDir, folder, name)))
  .map((dir) => join(dir, 'test', 'node-smoke.mjs'))
  .filter((file) => existsSync(file));
let failed = 0;
for (const file of smokes) {
  const proc = Bun.spawn([binary, file], {
    cwd: join(file, '..', '..'),
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const code = await proc.exited;
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'} node ${version} ${file.slice(rootDir.length + 1)}`);
  if (code !== 0) failed++;
}
console.log(`node smoke: ${smokes.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
