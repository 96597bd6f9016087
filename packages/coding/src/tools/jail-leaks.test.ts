import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { createCodingTools } from '../create-coding-tools';
import { raceHooks } from '../jail/race-hooks';
import type { GlobResult } from './glob-tool';

/** Every name outside the root carries this marker: no result may ever contain it. */
const OUTSIDE = 'OUTSIDE-NAME';

let tree: TempTree;
let tools: ReturnType<typeof createCodingTools>;

beforeAll(() => {
  tree = createTempTree({ 'src/a.ts': 'alpha\n', 'src/lib/b.ts': 'beta\n', 'racedir/in.txt': 'inside\n' });
  for (const name of ['x', 'y']) writeFileSync(join(tree.outside, `${OUTSIDE}-${name}.txt`), 'zzz\n');
  mkdirSync(join(tree.outside, 'sub'));
  writeFileSync(join(tree.outside, `sub/${OUTSIDE}-deep.txt`), 'zzz\n');
  mkdirSync(join(tree.outside, 'b'));
  writeFileSync(join(tree.outside, `b/${OUTSIDE}-b.txt`), 'zzz\n');
  tree.link('docs', tree.outside);
  tree.link('rel-docs', '../outside');
  tree.file('nest/b/inner.txt', 'inner\n');
  tools = createCodingTools({ root: tree.root, timeoutMs: 5000 });
});

afterAll(() => tree.remove());

afterEach(() => {
  delete raceHooks.beforeListDirectory;
  delete raceHooks.afterOpenDirectory;
});

async function run(name: 'glob' | 'grep', args: Record<string, unknown>) {
  if (name === 'glob') return tools.glob.execute({ id: 'call', name, arguments: args });
  return tools.grep.execute({ id: 'call', name, arguments: args });
}

function expectNoOutsideName(value: unknown): void {
  expect(JSON.stringify(value)).not.toContain(OUTSIDE);
  expect(JSON.stringify(value)).not.toContain(tree.outside);
}

/** Swaps a directory under the root for a symlink to `target` (once) and puts it back later. */
function swapper(path: string, target: string) {
  const absolute = join(tree.root, path);
  const parked = `${absolute}.parked`;
  let swapped = false;
  return {
    swap() {
      if (swapped) return;
      swapped = true;
      renameSync(absolute, parked);
      symlinkSync(target, absolute);
    },
    restore() {
      if (!swapped) return;
      rmSync(absolute);
      renameSync(parked, absolute);
    },
  };
}

describe('the jail never reports a name from outside the root', () => {
  test('a start directory that is a symlink to outside lists nothing: no path, no count, no note', async () => {
    for (const pattern of ['docs/*', 'docs/**', 'docs/**/*.txt', 'rel-docs/*', 'docs/sub/*']) {
      const result = await run('glob', { pattern });
      expect(result.result).toEqual({ paths: [], total: 0, truncated: false, notes: [] });
      const grep = await run('grep', { pattern: 'zzz', glob: pattern });
      expect(grep.result).toMatchObject({ matches: [], filesSearched: 0, notes: [] });
      expectNoOutsideName([result, grep]);
    }
  });

  test('a directory swapped for a symlink just before it is listed is skipped under its own name', async () => {
    for (const tool of ['glob', 'grep'] as const) {
      const race = swapper('racedir', tree.outside);
      raceHooks.beforeListDirectory = (directory) => {
        if (directory === 'racedir') race.swap();
      };
      try {
        const result = await run(
          tool,
          tool === 'glob' ? { pattern: '**/*.txt' } : { pattern: 'zzz|inside', glob: '**/*.txt' },
        );
        expectNoOutsideName(result);
        const value = result.result as GlobResult;
        if (tool === 'glob') expect(value).toMatchObject({ paths: ['nest/b/inner.txt'], total: 1 });
        expect(value.notes).toEqual([
          { path: 'racedir', reason: 'unlistable', message: expect.stringContaining('CHANGED') },
        ]);
      } finally {
        race.restore();
      }
    }
  });

  test('an earlier segment swapped for a symlink after its check is caught at the listing', async () => {
    // `nest/b` is about to be listed when `nest` becomes a symlink to a directory outside that has a `b`.
    const race = swapper('nest', tree.outside);
    raceHooks.beforeListDirectory = (directory) => {
      if (directory === 'nest/b') race.swap();
    };
    try {
      const result = await run('glob', { pattern: 'nest/**' });
      expectNoOutsideName(result);
      expect((result.result as GlobResult).notes).toEqual([
        { path: 'nest/b', reason: 'unlistable', message: expect.stringContaining('CHANGED') },
      ]);
    } finally {
      race.restore();
    }
  });

  test('a directory swapped between its open and its listing is refused, by its descriptor', async () => {
    const race = swapper('racedir', tree.outside);
    raceHooks.afterOpenDirectory = (directory) => {
      if (directory === 'racedir') race.swap();
    };
    try {
      const result = await run('glob', { pattern: '**/*.txt' });
      expectNoOutsideName(result);
      expect(result.result).toEqual({
        paths: ['nest/b/inner.txt'],
        total: 1,
        truncated: false,
        notes: [{ path: 'racedir', reason: 'unlistable', message: expect.stringContaining('CHANGED') }],
      });
    } finally {
      race.restore();
    }
  });

  test('rooted patterns in disguise (".//**") are normalized, stay inside and keep to the budget', async () => {
    for (const pattern of ['.//**', './/**/*', './././/**', 'src//./**', './/src/*.ts']) {
      // A pattern walked from the filesystem root would end in TIMEOUT (no paths), not in the tree's files.
      const result = await run('glob', { pattern });
      expect(result.error).toBeUndefined();
      expectNoOutsideName(result);
      const paths = (result.result as GlobResult).paths;
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.every((path) => !path.startsWith('/'))).toBe(true);
    }
    expect((await run('glob', { pattern: './/**' })).result).toEqual(
      (await run('glob', { pattern: '**' })).result,
    );
  });

  test('property: no glob pattern, however hostile, reports an outside name or escapes the budget', async () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      './',
      '.',
      '..',
      '*',
      '**',
      '?',
      'docs',
      'rel-docs',
      'src',
      'sub',
      'racedir',
      '{',
      '}',
      ',',
      '[',
      ']',
      '!',
      '\\',
      'C:',
      '~',
      OUTSIDE.slice(0, 4),
    );
    const pattern = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(pattern, fc.boolean(), async (candidate, useGrep) => {
        const result = useGrep
          ? await run('grep', { pattern: 'zzz|alpha', glob: candidate })
          : await run('glob', { pattern: candidate });
        expectNoOutsideName(result);
        // A call that escaped the budget would end in TIMEOUT, which is neither of these.
        if (result.error !== undefined) {
          expect(['POLICY_DENIED', 'INVALID_ARGUMENTS']).toContain(result.error.code);
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000);
});
