import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { makeFifo } from './__fixtures__/special-files';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';
import type { GrepResult } from './grep/search-files';
import { MAX_RULES_IN_FORCE } from './ignore/ignore-filter';
import { MAX_IGNORE_FILE_BYTES } from './ignore/read-ignore-file';
import { raceHooks } from './jail/race-hooks';
import type { GlobResult } from './tools/glob-tool';

// Red-team attacks through ignore files: they are read like any other file (inside the root, never through a
// symlink, verified descriptor), so none can make the tools read, list or leak anything outside the root,
// and none can crash a call, hang it, or make one entry cost without bound.

let tree: TempTree;

beforeEach(() => {
  tree = createTempTree({ 'a.txt': 'needle\n', 'sub/b.txt': 'needle\n', 'sub/c.log': 'needle\n' });
  // What an attacker would like the tools to apply: everything ignored.
  writeFileSync(join(tree.outside, 'ignore-all'), '*\n');
  mkdirSync(join(tree.outside, 'fake-git/info'), { recursive: true });
  writeFileSync(join(tree.outside, 'fake-git/info/exclude'), '*\n');
  writeFileSync(join(tree.outside, '.gitignore'), '*\n');
});

afterEach(() => {
  delete raceHooks.beforeReadIgnoreFile;
  tree.remove();
});

async function glob(pattern = '**'): Promise<GlobResult> {
  const { glob } = createCodingTools({ root: tree.root });
  const result = await glob.execute({ id: 'g', name: 'glob', arguments: { pattern, maxResults: 10_000 } });
  expect(result.error).toBeUndefined();
  return result.result as GlobResult;
}

async function grep(pattern: string): Promise<GrepResult> {
  const { grep } = createCodingTools({ root: tree.root });
  const result = await grep.execute({ id: 'r', name: 'grep', arguments: { pattern } });
  expect(result.error).toBeUndefined();
  return result.result as GrepResult;
}

describe('ignore files cannot be used to reach outside the root', () => {
  test('a symlinked ignore file is not followed, inside or out (as git does), and says so', async () => {
    tree.link('.gitignore', '../outside/ignore-all');
    tree.file('rules.txt', '*.log\n');
    tree.link('sub/.ignore', '../rules.txt');
    const listed = await glob();
    expect(listed.paths).toEqual(['a.txt', 'rules.txt', 'sub/b.txt', 'sub/c.log']);
    expect(listed.notes).toEqual([
      {
        path: '.gitignore',
        reason: 'not-a-file',
        message:
          'A symbolic link: ignore files are read only when they are regular files (git does not follow them either), so its rules do not apply.',
      },
      expect.objectContaining({ path: 'sub/.ignore', reason: 'not-a-file' }),
    ]);
    // Also when the walk starts below the root, where the root's ignore files are read without a listing.
    expect((await glob('sub/*')).notes).toMatchObject([
      { path: '.gitignore', reason: 'not-a-file' },
      { path: 'sub/.ignore', reason: 'not-a-file' },
    ]);
  });

  test('a .git or .git/info that is a symlink is never read', async () => {
    tree.link('.git', '../outside/fake-git');
    expect((await glob()).paths).toEqual(['a.txt', 'sub/b.txt', 'sub/c.log']);
    tree.dir('real/.git');
    const { glob: nested } = createCodingTools({ root: join(tree.root, 'real') });
    symlinkSync(join(tree.outside, 'fake-git/info'), join(tree.root, 'real/.git/info'));
    tree.file('real/x.txt', 'x');
    const result = await nested.execute({ id: 'g', name: 'glob', arguments: { pattern: '**' } });
    expect(result.result?.paths).toEqual(['x.txt']);
  });

  test('an ignore file swapped for a symlink, or whose directory is, between the check and the open is not read', async () => {
    tree.file('.gitignore', '*.log\n');
    raceHooks.beforeReadIgnoreFile = (path) => {
      if (path !== '.gitignore') return;
      renameSync(join(tree.root, '.gitignore'), join(tree.root, 'was-gitignore'));
      symlinkSync('../outside/ignore-all', join(tree.root, '.gitignore'));
    };
    const listed = await glob();
    expect(listed.paths).toContain('sub/b.txt');
    expect(listed.notes).toEqual([
      {
        path: '.gitignore',
        reason: 'changed',
        message: 'The ignore file changed while it was being opened; it was not read.',
      },
    ]);
  });

  test('a directory swapped for a symlink to outside just before its ignore file is opened: not read', async () => {
    tree.file('sub/.gitignore', 'c.log\n');
    raceHooks.beforeReadIgnoreFile = (path) => {
      if (path !== 'sub/.gitignore') return;
      renameSync(join(tree.root, 'sub'), join(tree.root, 'moved'));
      symlinkSync('../outside', join(tree.root, 'sub'));
    };
    const listed = await glob();
    expect(listed.notes).toContainEqual({
      path: 'sub/.gitignore',
      reason: 'changed',
      message: 'The ignore file changed while it was being opened; it was not read.',
    });
    expect(JSON.stringify(listed)).not.toContain('secret');
    expect(JSON.stringify(listed)).not.toContain('ignore-all');
  });

  test('special files named like ignore files are skipped without blocking', async () => {
    makeFifo(join(tree.root, '.gitignore'));
    tree.dir('sub/.ignore');
    expect(await glob()).toEqual({
      paths: ['a.txt', 'sub/b.txt', 'sub/c.log'],
      total: 3,
      truncated: false,
      notes: [],
    });
    // The root's FIFO is also met when the walk starts below the root.
    expect((await glob('sub/*')).paths).toEqual(['sub/b.txt', 'sub/c.log']);
  });

  test('property: whatever bytes the ignore files hold, calls succeed and never leave the root', async () => {
    const bytes = fc.uint8Array({ maxLength: 200 });
    const text = fc
      .array(
        fc.constantFrom(
          '*',
          '!',
          '/',
          '..',
          '../outside',
          '/etc/passwd',
          '!../',
          '**',
          '\\',
          '[',
          ']',
          '\n',
          '\r',
          ' ',
          'a',
          '#',
          '\0',
          'é',
          '\uFEFF',
        ),
        { maxLength: 40 },
      )
      .map((parts) => new TextEncoder().encode(parts.join('')));
    await fc.assert(
      fc.asyncProperty(fc.oneof(bytes, text), fc.oneof(bytes, text), async (root, nested) => {
        writeFileSync(join(tree.root, '.gitignore'), root);
        writeFileSync(join(tree.root, 'sub/.ignore'), nested);
        const listed = await glob();
        expect(
          listed.paths.every((path) =>
            ['.gitignore', 'a.txt', 'sub/.ignore', 'sub/b.txt', 'sub/c.log'].includes(path),
          ),
        ).toBe(true);
        const found = await grep('needle|TOP-SECRET');
        expect(JSON.stringify(found)).not.toContain(tree.secret);
        expect(found.matches.every((match) => listed.paths.includes(match.path))).toBe(true);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

describe('ignore files cannot make a call crash, hang or cost without bound', () => {
  test('a huge ignore file is read up to its cap, whole lines only, and says so', async () => {
    const filler = 'filler-rule-that-matches-nothing\n';
    tree.file(
      '.gitignore',
      `*.log\n${filler.repeat(Math.ceil((2 * MAX_IGNORE_FILE_BYTES) / filler.length))}a.txt\n`,
    );
    const listed = await glob();
    expect(listed.paths).toEqual(['.gitignore', 'a.txt', 'sub/b.txt']);
    expect(listed.notes).toEqual([
      {
        path: '.gitignore',
        reason: 'too-large',
        message: `Only the first ${Math.floor((MAX_IGNORE_FILE_BYTES - 6) / filler.length) * filler.length + 6} bytes of the ignore file were read (at most ${MAX_IGNORE_FILE_BYTES}); the rules after them do not apply.`,
      },
    ]);
  });

  test('rules past the most in force at once are left out, with a note', async () => {
    const rules = Array.from({ length: MAX_RULES_IN_FORCE + 500 }, (_, index) => `r${index}`);
    tree.file('.gitignore', `${rules.join('\n')}\n`);
    tree.file('sub/.gitignore', 'c.log\n');
    tree.file('r1', 'x');
    tree.file(`r${MAX_RULES_IN_FORCE + 100}`, 'x');
    const listed = await glob();
    expect(listed.paths).toEqual([
      '.gitignore',
      'a.txt',
      `r${MAX_RULES_IN_FORCE + 100}`,
      'sub/.gitignore',
      'sub/b.txt',
      'sub/c.log',
    ]);
    expect(listed.notes).toEqual([
      {
        path: '.gitignore',
        reason: 'too-large',
        message: `Only the first ${MAX_RULES_IN_FORCE} rules of the ignore file apply (at most ${MAX_RULES_IN_FORCE} rules are in force at once).`,
      },
      {
        path: 'sub/.gitignore',
        reason: 'too-large',
        message: `Only the first 0 rules of the ignore file apply (at most ${MAX_RULES_IN_FORCE} rules are in force at once).`,
      },
    ]);
  });

  test('very long lines are left out, with a note', async () => {
    tree.file('.gitignore', `${'x'.repeat(5000)}\n*.log\n`);
    const listed = await glob();
    expect(listed.paths).toEqual(['.gitignore', 'a.txt', 'sub/b.txt']);
    expect(listed.notes).toEqual([
      {
        path: '.gitignore',
        reason: 'too-large',
        message: '1 line(s) longer than 1024 bytes were left out of the ignore file.',
      },
    ]);
  });

  test('patterns that make backtracking matchers run for minutes are matched in linear time', async () => {
    // A regular expression translation of these takes seconds per entry on a path 60 deep and minutes
    // at 1,000 deep; the walk runs on the event loop, so that would freeze the process.
    const deep = Array.from({ length: 200 }, () => 'a').join('/');
    tree.file(`${deep}/keep.txt`, 'x');
    tree.file(`${deep}/b`, 'x');
    tree.file(`${'a'.repeat(250)}`, 'x');
    tree.file(`${'a'.repeat(250)}b`, 'x');
    tree.file(
      '.gitignore',
      [
        '**/a/**/a/**/a/**/a/**/a/**/a/**/b',
        '*a*a*a*a*a*a*a*a*a*a*a*a*a*b',
        '[a]*[a]*[a]*[a]*[a]*[a]*[a]*c',
      ].join('\n'),
    );
    const listed = await glob();
    expect(listed.paths).toEqual([
      '.gitignore',
      'a.txt',
      `${deep}/keep.txt`,
      'a'.repeat(250),
      'sub/b.txt',
      'sub/c.log',
    ]);
    // Building a tree 200 directories deep takes a while on a busy machine; the walk itself is fast.
  }, 30_000);
});
