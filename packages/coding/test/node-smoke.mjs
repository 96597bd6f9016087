/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist,
 * the Node file enumeration (no Bun.Glob here), grep, glob, read-file, the jail, and the time budget of a
 * catastrophic pattern with the event loop still running. Exits non-zero on failure.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');

const base = realpathSync(mkdtempSync(join(tmpdir(), 'armorer-coding-node-')));
const root = join(base, 'root');
const write = (path, content) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};
write('src/a.ts', 'export function alpha() {}\n');
write('src/lib/b.ts', 'function beta() {}\n');
write('.hidden/c.md', 'function in a dotfile\n');
write('evil.txt', `${'a'.repeat(64)}!\n`.repeat(20));
write('.gitignore', 'build/\n*.log\n');
write('build/out.ts', 'function built() {}\n');
write('src/debug.log', 'function logged() {}\n');
writeFileSync(join(base, 'secret.txt'), 'SECRET\n');
symlinkSync('../secret.txt', join(root, 'out-link'));

let passed = 0;
async function check(name, body) {
  await body();
  passed++;
  console.log(`ok ${name}`);
}

try {
  for (const [format, mod] of [
    ['esm', esm],
    ['cjs', cjs],
  ]) {
    // A generous budget for the functional checks (a loaded machine starts worker threads slowly); the
    // catastrophic pattern gets a tight one of its own.
    const { readFile, grep, glob } = mod.createCodingTools({ root, timeoutMs: 20_000 });
    const tight = mod.createCodingTools({ root, timeoutMs: 500 });
    const run = (tool, args) => tool.execute({ id: 'call', name: tool.name, arguments: args });

    await check(`${format}: grep finds lines through the Node enumeration`, async () => {
      const { result } = await run(grep, { pattern: 'function \\w+', glob: '**/*.{ts,md}' });
      assert.deepEqual(
        result.matches.map((match) => `${match.path}:${match.line}`),
        ['.hidden/c.md:1', 'src/a.ts:1', 'src/lib/b.ts:1'],
      );
    });
    await check(
      `${format}: glob lists files, sorted, without following symlinks or ignored files`,
      async () => {
        const { result } = await run(glob, { pattern: '**/*' });
        assert.deepEqual(result.paths, [
          '.gitignore',
          '.hidden/c.md',
          'evil.txt',
          'src/a.ts',
          'src/lib/b.ts',
        ]);
        const everything = await run(glob, { pattern: '**/*', includeIgnored: true });
        assert.deepEqual(everything.result.paths, [
          '.gitignore',
          '.hidden/c.md',
          'build/out.ts',
          'evil.txt',
          'src/a.ts',
          'src/debug.log',
          'src/lib/b.ts',
        ]);
      },
    );
    await check(`${format}: an invalid regular expression is named once, without V8's flags`, async () => {
      const { error } = await run(grep, { pattern: '(unclosed' });
      assert.equal(error.code, 'INVALID_ARGUMENTS');
      assert.match(error.message, /^Invalid regular expression "\(unclosed": [^/].*\.$/);
      assert.equal(error.message.match(/Invalid regular expression/g).length, 1);
    });
    await check(`${format}: read-file reads a window and the jail refuses escapes`, async () => {
      const ok = await run(readFile, { path: 'src/a.ts', limit: 1 });
      assert.equal(ok.result.content, 'export function alpha() {}\n');
      for (const path of ['../secret.txt', 'out-link', join(base, 'secret.txt')]) {
        const denied = await run(readFile, { path });
        assert.equal(denied.error.code, 'POLICY_DENIED');
        assert.ok(mod.PathTraversalError.isInstance(denied.error.cause));
      }
    });
    await check(`${format}: a catastrophic pattern hits the budget while the event loop runs`, async () => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const started = performance.now();
      const { error } = await run(tight.grep, { pattern: '(a+)+$', glob: 'evil.txt' });
      clearInterval(timer);
      assert.equal(error.code, 'TIMEOUT');
      assert.ok(performance.now() - started < 3000);
      assert.ok(ticks > 5, `the event loop ticked ${ticks} times`);
    });
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
console.log(`${passed} passed, 0 failed`);
