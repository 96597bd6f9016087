import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { makeFifo, makeNullDevice, makeSocket } from '../__fixtures__/special-files';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { enumerateFiles } from './enumerate-files';
import { normalizeGlobPattern } from './validate-pattern';

let tree: TempTree;
let server: Server;
const DEPTH = 300;

beforeAll(async () => {
  tree = createTempTree({
    'a.ts': 'a',
    'b.js': 'b',
    '.env': 'secret-ish',
    '.github/workflows/ci.yml': 'ci',
    'src/index.ts': 'i',
    'src/lib/util.ts': 'u',
    'src/lib/.hidden.ts': 'h',
    'docs/guide.md': 'g',
  });
  tree.link('link-file.ts', 'a.ts');
  tree.link('link-dir', 'src');
  tree.link('out-dir', '../outside');
  tree.link('loop', 'loop');
  makeFifo(join(tree.root, 'fifo.ts'));
  // Only root may make a device: as another user the tree simply has none (read-file-tool.test checks
  // /dev/null then).
  makeNullDevice(join(tree.root, 'device.ts'));
  server = await makeSocket(join(tree.root, 'socket.ts'));
  tree.file(`${Array.from({ length: DEPTH }, () => 'd').join('/')}/deep.ts`, 'deep');
  // A tree 300 directories deep, made and removed on a loaded machine: more than 5 s seen for the removal.
}, 60_000);

afterAll(() => {
  server.close();
  tree.remove();
}, 60_000);

async function list(pattern: string): Promise<string[]> {
  const paths: string[] = [];
  for await (const path of enumerateFiles({ root: tree.root, pattern: normalizeGlobPattern(pattern) })) {
    paths.push(path);
  }
  return paths.sort();
}

/** The reference: what `Bun.Glob#scan` lists on the same (quiet) tree. */
async function listWithBunGlob(pattern: string): Promise<string[]> {
  const paths: string[] = [];
  const scan = new Bun.Glob(normalizeGlobPattern(pattern)).scan({
    cwd: tree.root,
    dot: true,
    onlyFiles: true,
    followSymlinks: false,
    throwErrorOnBrokenSymlink: false,
  });
  for await (const path of scan) paths.push(path);
  return paths.sort();
}

describe('enumerateFiles', () => {
  test('lists regular files only, dotfiles included, symlinks and special files never followed', async () => {
    const all = await list('**/*');
    expect(all.filter((path) => !path.startsWith('d/'))).toEqual([
      '.env',
      '.github/workflows/ci.yml',
      'a.ts',
      'b.js',
      'docs/guide.md',
      'src/index.ts',
      'src/lib/.hidden.ts',
      'src/lib/util.ts',
    ]);
    expect(all.filter((path) => path.startsWith('d/'))).toHaveLength(1);
  });

  test('the verified walker enumerates exactly what Bun.Glob#scan does', async () => {
    for (const pattern of [
      '**/*',
      '**/*.ts',
      '*.ts',
      'src/**',
      'src/**/*.ts',
      '{src,docs}/**/*.{ts,md}',
      '.github/**',
      '**/.*',
      'src/lib/[u]til.ts',
      'src[/]lib/util.ts',
      'src[!a]lib/util.ts',
      'src/[!x]*/*.ts',
      'missing/**',
      'a.ts',
      './src/*.ts',
      `${Array.from({ length: DEPTH }, () => 'd').join('/')}/*.ts`,
    ]) {
      expect({ pattern, paths: await list(pattern) }).toEqual({
        pattern,
        paths: await listWithBunGlob(pattern),
      });
    }
  });

  test('deep trees are walked without overflowing the stack', async () => {
    const deep = await list('**/deep.ts');
    expect(deep).toHaveLength(1);
    expect(deep[0]?.split('/')).toHaveLength(DEPTH + 1);
  });
});
