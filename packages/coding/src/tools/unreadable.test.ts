import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { type UnprivilegedRunner, unprivilegedRunner } from '../__fixtures__/unprivileged';

// Permission bits only bite a process that cannot override them, and tests often run as root. The probe
// runs in a child without that power (see `unprivilegedRunner`), from a folder of its own that everyone
// can read: the probe is bundled there with everything it imports, so where the checkout lives (a private
// home, a 700 temporary folder, a CI workspace) does not matter.

let base: string;
let tree: TempTree;
let probeScript: string;
let runner: UnprivilegedRunner;
const LOCKED = ['locked.txt', 'locked-dir', 'guarded/.gitignore'];

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'armorer-unreadable-'));
  chmodSync(base, 0o755);
  // Split into chunks: a single-file Bun bundle of this graph starts some modules too late (Bun 1.4.4).
  const built = await Bun.build({
    entrypoints: [join(import.meta.dir, '../__fixtures__/unreadable-probe.ts')],
    target: 'bun',
    conditions: ['@armorer/source'],
    splitting: true,
    outdir: join(base, 'probe'),
  });
  if (!built.success) throw new Error(`could not bundle the probe: ${built.logs.join('\n')}`);
  for (const output of built.outputs) chmodSync(output.path, 0o644);
  chmodSync(join(base, 'probe'), 0o755);
  probeScript = join(base, 'probe', 'unreadable-probe.js');
  tree = createTempTree(
    {
      'open.txt': 'needle\n',
      'locked.txt': 'needle\n',
      'locked-dir/inner.txt': 'needle\n',
      'guarded/.gitignore': '*.txt\n',
      'guarded/x.txt': 'needle\n',
    },
    { parent: base },
  );
  for (const path of LOCKED) chmodSync(join(tree.root, path), 0o000);
  // The child must reach the tree: mkdtemp makes its folder private.
  chmodSync(join(tree.root, '..'), 0o755);
  chmodSync(tree.root, 0o755);
  runner = unprivilegedRunner(base);
}, 60_000);

afterAll(() => {
  for (const path of LOCKED) chmodSync(join(tree.root, path), 0o755);
  rmSync(base, { recursive: true, force: true });
});

interface ProbeOutput {
  readonly uid: number;
  readonly canReadLocked: boolean;
  readonly grep: { readonly result: { readonly matches: unknown[]; readonly notes: unknown[] } };
  readonly readFile: { readonly error?: unknown; readonly result?: unknown };
  readonly glob: { readonly result: { readonly paths: string[]; readonly notes: unknown[] } };
}

function probe(run: UnprivilegedRunner['run']): ProbeOutput {
  const result = run([probeScript, tree.root]);
  if (result.status !== 0) {
    throw new Error(`probe failed (${result.status}): ${result.error?.message ?? ''} ${result.stderr}`);
  }
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}');
}

const needle = (path: string) => ({ path, line: 1, column: 1, text: 'needle' });
const unlistable = {
  path: 'locked-dir',
  reason: 'unlistable',
  message: 'Could not list the directory (EACCES).',
};
const unreadableIgnoreFile = {
  path: 'guarded/.gitignore',
  reason: 'unreadable',
  message: 'Could not read the ignore file (EACCES); its rules do not apply.',
};

/** What the tools must return, whether or not the probe could read the locked files. */
function check(output: ProbeOutput): void {
  if (!output.canReadLocked) {
    expect(output.grep.result.matches).toEqual([needle('guarded/x.txt'), needle('open.txt')]);
    expect(output.grep.result.notes).toEqual([
      unreadableIgnoreFile,
      { path: 'guarded/.gitignore', reason: 'unreadable', message: 'Could not read the file (EACCES).' },
      unlistable,
      { path: 'locked.txt', reason: 'unreadable', message: 'Could not read the file (EACCES).' },
    ]);
    expect(output.readFile.error).toMatchObject({
      code: 'EXECUTION_FAILED',
      details: { reason: 'UNREADABLE' },
    });
    expect(output.glob.result).toMatchObject({
      paths: ['guarded/.gitignore', 'guarded/x.txt', 'locked.txt', 'open.txt'],
      notes: [unreadableIgnoreFile, unlistable],
    });
  } else {
    // Nothing is locked for this process: everything is read, and guarded/.gitignore ignores its *.txt.
    expect(output.grep.result.matches).toEqual([
      needle('locked-dir/inner.txt'),
      needle('locked.txt'),
      needle('open.txt'),
    ]);
    expect(output.grep.result.notes).toEqual([]);
    expect(output.readFile.result).toMatchObject({ content: 'needle\n' });
    expect(output.glob.result).toMatchObject({
      paths: ['guarded/.gitignore', 'locked-dir/inner.txt', 'locked.txt', 'open.txt'],
      notes: [],
    });
  }
}

describe('unreadable files and directories', () => {
  test('are reported per file and never stop the tools', () => {
    const output = probe(runner.run);
    if (runner.mode === 'unavailable') {
      console.warn(
        `unreadable.test: no way to run the probe without root's power over permissions here (${runner.reasons.join('; ')}); ` +
          'only what a privileged process sees was checked.',
      );
      expect(output.canReadLocked).toBe(true);
    } else {
      expect(output.canReadLocked).toBe(false);
      if (runner.mode === 'user') expect(output.uid).toBe(65534);
    }
    check(output);
  }, 30_000);

  test('the same probe without dropping anything gives what that process may read', () => {
    // As root this is what the test can still check where no unprivileged run is possible.
    const output = probe(runner.runAsIs);
    check(output);
  }, 30_000);
});
