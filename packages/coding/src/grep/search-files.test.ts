import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { startSwapper } from '../__fixtures__/swapper';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
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

describe('searchFiles', () => {
  test('the Node enumeration finds exactly what Bun.Glob finds', async () => {
    for (const glob of ['**/*', 'src/**/*.ts', '**/*.{md,txt}', 'many/file-1*.txt']) {
      for (const maxMatches of [3, 200]) {
        const bun = await searchFiles(options({ glob, maxMatches, backend: 'bun' }));
        const node = await searchFiles(options({ glob, maxMatches, backend: 'node' }));
        expect(node).toEqual(bun);
      }
    }
    const all = await searchFiles(options({ backend: 'node' }));
    expect(all.matches).toHaveLength(3 + 43);
    expect(all.filesSearched).toBe(304);
  });

  test('a file swapped for a symlink to outside during a search is never read', async () => {
    const dir = tree.dir('race');
    tree.file('race/target.txt', 'needle SAFE\n');
    const swapper = startSwapper(
      `
      fs.symlinkSync(data.secret, data.dir + '/link.tmp');
      fs.renameSync(data.dir + '/link.tmp', data.dir + '/target.txt');
      fs.writeFileSync(data.dir + '/file.tmp', 'needle SAFE\\n');
      fs.renameSync(data.dir + '/file.tmp', data.dir + '/target.txt');
    `,
      { dir, secret: join(tree.outside, 'secret.txt') },
    );
    const texts = new Set<string>();
    try {
      const until = performance.now() + 200;
      while (performance.now() < until) {
        const result = await searchFiles(options({ regexp: /needle|SECRET/gm, glob: 'race/*' }));
        for (const match of result.matches) texts.add(match.text);
      }
    } finally {
      expect(await swapper.stop()).toBeGreaterThan(0);
    }
    expect([...texts]).toEqual(['needle SAFE']);
  });
});
