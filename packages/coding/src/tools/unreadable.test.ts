import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';

let tree: TempTree;
const NOBODY = 65534;

beforeAll(() => {
  tree = createTempTree({
    'open.txt': 'needle\n',
    'locked.txt': 'needle\n',
    'locked-dir/inner.txt': 'needle\n',
  });
  chmodSync(join(tree.root, 'locked.txt'), 0o000);
  chmodSync(join(tree.root, 'locked-dir'), 0o000);
  // The unprivileged user must reach the tree.
  for (const dir of [dirname(tree.root), tree.root]) chmodSync(dir, 0o755);
});

afterAll(() => {
  chmodSync(join(tree.root, 'locked-dir'), 0o755);
  tree.remove();
});

/** Runs the probe; as root, under uid/gid 65534 so that mode 000 really denies access. */
function probe() {
  const asRoot = process.getuid?.() === 0;
  const result = spawnSync(
    process.execPath,
    ['--conditions=@armorer/source', join(import.meta.dir, '../__fixtures__/unreadable-probe.ts'), tree.root],
    { encoding: 'utf8', timeout: 20_000, ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) },
  );
  if (result.status !== 0) throw new Error(`probe failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}');
}

describe('unreadable files and directories', () => {
  test('are reported per file and never stop the tools', () => {
    const output = probe();
    expect(output.uid).not.toBe(0);
    expect(output.grep.result.matches).toEqual([{ path: 'open.txt', line: 1, column: 1, text: 'needle' }]);
    expect(output.grep.result.notes).toEqual([
      { path: 'locked-dir', reason: 'unlistable', message: 'Could not list the directory (EACCES).' },
      { path: 'locked.txt', reason: 'unreadable', message: 'Could not read the file (EACCES).' },
    ]);
    expect(output.readFile.error).toMatchObject({
      code: 'EXECUTION_FAILED',
      details: { reason: 'UNREADABLE' },
    });
    expect(output.glob.result).toMatchObject({
      paths: ['locked.txt', 'open.txt'],
      notes: [
        { path: 'locked-dir', reason: 'unlistable', message: 'Could not list the directory (EACCES).' },
      ],
    });
  });
});
