import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { createCodingTools } from '../create-coding-tools';
import type { GrepResult } from '../grep/search-files';
import type { GlobResult } from './glob-tool';

let tree: TempTree;

beforeAll(() => {
  tree = createTempTree({
    '.gitignore': 'node_modules/\n*.log\n!keep.log\nbuild\n/dist/\n',
    '.ignore': 'notes.md\n',
    'notes.md': 'TODO: private notes\n',
    'README.md': 'TODO: document\n',
    'node_modules/pkg/index.js': '// TODO: upstream\n',
    'src/index.ts': '// TODO: main\n',
    'src/debug.log': 'TODO in a log\n',
    'src/keep.log': 'TODO kept\n',
    'src/dist/bundle.js': '// TODO: not the root dist\n',
    'dist/bundle.js': '// TODO: built\n',
    'build/out.js': '// TODO: built\n',
    'src/.gitignore': 'generated/\n!build\n',
    'src/build/tool.ts': '// TODO: re-included by src/.gitignore\n',
    'src/generated/types.ts': '// TODO: generated\n',
    'docs/.gitignore': '*.md\n',
    'docs/.ignore': '!guide.md\n',
    'docs/guide.md': 'TODO: .ignore wins over .gitignore\n',
    'docs/draft.md': 'TODO: draft\n',
    'local.txt': 'TODO: excluded locally\n',
    '.git/HEAD': 'ref: refs/heads/main TODO\n',
    '.git/info/exclude': 'local.txt\n',
    'vendor/.git': 'gitdir: ../.git/modules/vendor TODO\n',
    'vendor/lib.ts': '// TODO: vendored\n',
  });
});

afterAll(() => tree.remove());

const VISIBLE = [
  '.gitignore',
  '.ignore',
  'README.md',
  'docs/.gitignore',
  'docs/.ignore',
  'docs/guide.md',
  'src/.gitignore',
  'src/build/tool.ts',
  'src/dist/bundle.js',
  'src/index.ts',
  'src/keep.log',
  'vendor/lib.ts',
];

async function glob(
  args: Record<string, unknown>,
  options: { includeIgnored?: boolean } = {},
): Promise<GlobResult> {
  const { glob } = createCodingTools({ root: tree.root, ...options });
  const result = await glob.execute({ id: 'call', name: 'glob', arguments: args });
  expect(result.error).toBeUndefined();
  return result.result as GlobResult;
}

async function grep(
  args: Record<string, unknown>,
  options: { includeIgnored?: boolean } = {},
): Promise<GrepResult> {
  const { grep } = createCodingTools({ root: tree.root, ...options });
  const result = await grep.execute({ id: 'call', name: 'grep', arguments: args });
  expect(result.error).toBeUndefined();
  return result.result as GrepResult;
}

describe('grep and glob skip what git ignores', () => {
  test('by default: .gitignore at every level with negations, .ignore over .gitignore, .git/info/exclude, .git', async () => {
    expect(await glob({ pattern: '**' })).toEqual({
      paths: VISIBLE,
      total: VISIBLE.length,
      truncated: false,
      notes: [],
    });
    const found = await grep({ pattern: 'TODO' });
    expect(found.matches.map((match) => match.path)).toEqual([
      'README.md',
      'docs/guide.md',
      'src/build/tool.ts',
      'src/dist/bundle.js',
      'src/index.ts',
      'src/keep.log',
      'vendor/lib.ts',
    ]);
    expect(found.notes).toEqual([]);
  });

  test('includeIgnored: true lists everything, .git included, per call or as the default', async () => {
    const everything = await glob({ pattern: '**', includeIgnored: true });
    expect(everything.paths).toContain('node_modules/pkg/index.js');
    expect(everything.paths).toContain('.git/HEAD');
    expect(everything.paths).toContain('vendor/.git');
    expect(everything.total).toBe(23);
    expect((await glob({ pattern: '**' }, { includeIgnored: true })).total).toBe(23);
    expect((await glob({ pattern: '**', includeIgnored: false }, { includeIgnored: true })).paths).toEqual(
      VISIBLE,
    );
    const all = await grep({ pattern: 'TODO', includeIgnored: true });
    expect(all.matches.map((match) => match.path)).toContain('node_modules/pkg/index.js');
    expect(all.filesSearched).toBe(everything.total);
  });

  test('a pattern inside an ignored directory lists nothing and says why', async () => {
    expect(await glob({ pattern: 'node_modules/**/*.js' })).toEqual({
      paths: [],
      total: 0,
      truncated: false,
      notes: [
        {
          path: 'node_modules',
          reason: 'ignored',
          message:
            'Ignored by .gitignore line 1 ("node_modules/"); pass includeIgnored: true to include ignored files.',
        },
      ],
    });
    expect((await grep({ pattern: 'TODO', glob: 'src/generated/*.ts' })).notes).toEqual([
      {
        path: 'src/generated',
        reason: 'ignored',
        message:
          'Ignored by src/.gitignore line 1 ("generated/"); pass includeIgnored: true to include ignored files.',
      },
    ]);
    expect((await glob({ pattern: '.git/*' })).notes).toEqual([
      {
        path: '.git',
        reason: 'ignored',
        message: 'The .git directory is skipped; pass includeIgnored: true to include it.',
      },
    ]);
    // Rules above the pattern's first directory still apply inside it, and a re-included directory is listed.
    expect((await glob({ pattern: 'src/build/**' })).paths).toEqual(['src/build/tool.ts']);
    expect((await glob({ pattern: 'src/*.log' })).paths).toEqual(['src/keep.log']);
    expect((await glob({ pattern: 'node_modules/**/*.js', includeIgnored: true })).paths).toEqual([
      'node_modules/pkg/index.js',
    ]);
    // A missing directory is not "ignored": there is simply nothing.
    expect((await glob({ pattern: 'build/missing/**' })).notes).toMatchObject([
      { path: 'build', reason: 'ignored' },
    ]);
    expect((await glob({ pattern: 'nothing/here/**' })).notes).toEqual([]);
  });

  test('read-file reads ignored files: ignore rules filter searches, the jail is what limits access', async () => {
    const { readFile } = createCodingTools({ root: tree.root });
    const read = await readFile.execute({
      id: 'r',
      name: 'read-file',
      arguments: { path: 'node_modules/pkg/index.js' },
    });
    expect(read.result?.content).toBe('// TODO: upstream\n');
  });

  test('the option is checked at creation', () => {
    expect(() => createCodingTools({ root: tree.root, includeIgnored: 'yes' as unknown as boolean })).toThrow(
      'createCodingTools: includeIgnored must be true or false, got "yes".',
    );
  });

  test('ignore files are re-read on every call', async () => {
    const root = join(tree.root, '..', 'fresh');
    mkdirSync(root);
    writeFileSync(join(root, 'a.txt'), 'a');
    const { glob } = createCodingTools({ root });
    const list = async () =>
      (await glob.execute({ id: 'g', name: 'glob', arguments: { pattern: '*' } })).result?.paths;
    expect(await list()).toEqual(['a.txt']);
    writeFileSync(join(root, '.gitignore'), 'a.txt\n');
    expect(await list()).toEqual(['.gitignore']);
  });
});
