import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { raceHooks } from '../jail/race-hooks';
import { CallBudget } from '../tools/call-budget';
import { type SearchOptions, searchFiles } from './search-files';

let tree: TempTree;

beforeAll(() => {
  tree = createTempTree({
    'src/a.ts': 'const needle = 1;\n',
    'src/nested/b.ts': 'no\nneedle here\n',
    '.hidden/c.md': 'needle in a dotdir\n',
    'other.txt': 'Needle, capitalised\n',
  });
  for (let index = 0; index < 300; index++)
    tree.file(`many/file-${index}.txt`, index % 7 === 0 ? 'needle\n' : 'hay\n');
  tree.link('link.ts', 'src/a.ts');
});

afterAll(() => tree.remove());

function options(overrides: Partial<SearchOptions>): SearchOptions {
  return {
    root: tree.root,
    regexp: /needle/gm,
    glob: '**/*',
    maxMatches: 200,
    maxFileBytes: 1024 * 1024,
    budget: new CallBudget({ timeoutMs: 10_000, hint: '' }),
    ...overrides,
  };
}

/** The reference: the files `Bun.Glob#scan` lists, read here and matched line by line. */
async function expectedMatches(glob: string, regexp: RegExp) {
  const scan = new Bun.Glob(glob).scan({ cwd: tree.root, dot: true, onlyFiles: true, followSymlinks: false });
  const paths: string[] = [];
  for await (const path of scan) paths.push(path);
  const matches: { path: string; line: number }[] = [];
  for (const path of paths.sort()) {
    const lines = readFileSync(join(tree.root, path), 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (new RegExp(regexp.source, regexp.flags.replace('g', '')).test(text))
        matches.push({ path, line: index + 1 });
    });
  }
  return { matches, files: paths.length };
}

afterEach(() => {
  delete raceHooks.beforeSearch;
});

describe('searchFiles', () => {
  test('finds exactly the lines that Bun.Glob#scan plus a line-by-line match find', async () => {
    for (const glob of ['**/*', 'src/**/*.ts', '**/*.{md,txt}', 'many/file-1*.txt']) {
      const expected = await expectedMatches(glob, /needle/gm);
      const result = await searchFiles(options({ glob, maxMatches: 10_000 }));
      expect(result.matches.map(({ path, line }) => ({ path, line }))).toEqual(expected.matches);
      expect(result.filesSearched).toBe(expected.files);
      const capped = await searchFiles(options({ glob, maxMatches: 3 }));
      expect(capped.matches).toEqual(result.matches.slice(0, 3));
    }
    const all = await searchFiles(options({}));
    expect(all.matches).toHaveLength(3 + 43);
    expect(all.filesSearched).toBe(304);
  });

  test('a file swapped for a symlink to outside after it was listed is never read', async () => {
    const dir = tree.dir('race');
    tree.file('race/target.txt', 'needle SAFE\n');
    tree.file('race/other.txt', 'needle OTHER\n');
    raceHooks.beforeSearch = (paths) => {
      expect(paths).toContain('race/target.txt');
      rmSync(join(dir, 'target.txt'));
      symlinkSync(join(tree.outside, 'secret.txt'), join(dir, 'target.txt'));
    };
    try {
      const result = await searchFiles(options({ regexp: /needle|SECRET/gm, glob: 'race/*' }));
      expect(result.matches.map((match) => match.text)).toEqual(['needle OTHER']);
      expect(result.notes).toEqual([
        { path: 'race/target.txt', reason: 'changed', message: expect.any(String) },
      ]);
      expect(JSON.stringify(result)).not.toContain(tree.secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a directory swapped for a symlink to outside after it was listed is never read through', async () => {
    const dir = tree.dir('race2');
    tree.file('race2/secret.txt', 'needle SAFE\n');
    const parked = join(tree.root, 'race2.parked');
    raceHooks.beforeSearch = () => {
      renameSync(dir, parked);
      symlinkSync(tree.outside, dir);
    };
    try {
      const result = await searchFiles(options({ regexp: /needle|SECRET/gm, glob: 'race2/*' }));
      expect(result.matches).toEqual([]);
      expect(result.notes).toEqual([
        { path: 'race2/secret.txt', reason: 'changed', message: expect.any(String) },
      ]);
      expect(JSON.stringify(result)).not.toContain(tree.secret);
    } finally {
      rmSync(dir, { force: true });
      rmSync(parked, { recursive: true, force: true });
    }
  });
});
