import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { makeFifo } from './__fixtures__/special-files';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';
import { FileAccessError } from './errors/file-access-error';
import { PathTraversalError } from './errors/path-traversal-error';
import { createPathJail, type PathJail } from './jail/create-path-jail';

// Red-team attacks on the jail's symlink resolution: whatever lies outside the root (a file, nothing, a
// loop, a FIFO, a directory), a link into it must fail the same way, or its error is an existence oracle.

let tree: TempTree;
let jail: PathJail;

/** Outside targets of every kind, by the text of a link under the root that points at them. */
const outsideTargets: Record<string, string> = {
  file: '../outside/secret.txt',
  missing: '../outside/missing.txt',
  directory: '../outside/dir',
  loop: '../outside/loop',
  'chain-to-loop': '../outside/loop-1',
  fifo: '../outside/fifo',
  'file-as-directory': '../outside/secret.txt/x',
  'long-name': `../outside/${'x'.repeat(300)}`,
  // Out and back in: the detour would only work when the outside directory exists.
  'directory-and-back': '../outside/dir/../../root/a.txt',
  'missing-and-back': '../outside/missing/../../root/a.txt',
  'file-and-back': '../outside/secret.txt/../../root/a.txt',
  'loop-and-back': '../outside/loop/../../root/a.txt',
};

beforeAll(() => {
  tree = createTempTree({ 'a.txt': 'alpha\n', 'sub/b.txt': 'beta\n' });
  mkdirSync(join(tree.outside, 'dir'));
  symlinkSync('loop', join(tree.outside, 'loop'));
  symlinkSync('loop-2', join(tree.outside, 'loop-1'));
  symlinkSync('loop-1', join(tree.outside, 'loop-2'));
  makeFifo(join(tree.outside, 'fifo'));
  for (const [name, target] of Object.entries(outsideTargets)) {
    tree.link(`to-${name}`, target);
    tree.link(`chain-${name}`, `to-${name}`);
    tree.link(`sub/abs-${name}`, join(tree.root, `to-${name}`));
  }
  // Links that only pass through the root's own ancestors come back in without looking outside.
  tree.link('back-in', '../root/a.txt');
  tree.link('abs-in', join(tree.root, 'sub/b.txt'));
  tree.link('via-parent', 'sub/../a.txt');
  tree.link('hop-0', 'a.txt');
  for (let hop = 1; hop <= 40; hop++) tree.link(`hop-${hop}`, `hop-${hop - 1}`);
  jail = createPathJail(tree.root);
});

afterAll(() => tree.remove());

async function outcome(path: string): Promise<string> {
  try {
    return `ok:${jail.relative(await jail.resolve(path))}`;
  } catch (error) {
    if (PathTraversalError.isInstance(error) || FileAccessError.isInstance(error))
      return `${error.name}:${error.code}`;
    throw error;
  }
}

describe('red team: symlinks into the outside', () => {
  test('every kind of outside target fails alike, as OUTSIDE_ROOT, at the leaf, mid-path and via chains', async () => {
    for (const name of Object.keys(outsideTargets)) {
      for (const path of [`to-${name}`, `to-${name}/x`, `chain-${name}`, `sub/abs-${name}`]) {
        expect({ path, outcome: await outcome(path) }).toEqual({
          path,
          outcome: 'PathTraversalError:OUTSIDE_ROOT',
        });
      }
    }
  });

  test('the tools give the same error for each, naming only the path as given', async () => {
    const { readFile } = createCodingTools({ root: tree.root });
    const seen = new Set<string>();
    for (const name of Object.keys(outsideTargets)) {
      const result = await readFile.execute({
        id: '1',
        name: 'read-file',
        arguments: { path: `to-${name}` },
      });
      const text = JSON.stringify(result);
      expect(text).not.toContain(tree.outside);
      expect(text).not.toContain(tree.secret);
      seen.add(JSON.stringify({ ...result.error, message: result.error?.message.replace(name, '*') }));
    }
    expect(seen.size).toBe(1);
  });

  test('links back into the root through its own ancestors resolve as the kernel resolves them', async () => {
    for (const path of ['back-in', 'abs-in', 'via-parent', 'hop-39']) {
      expect(`ok:${jail.relative(realpathSync(join(tree.root, path)))}`).toBe(await outcome(path));
    }
    // A root given through a symlink: absolute links that spell the root that way lead inside too.
    const alias = join(tree.outside, 'root-alias');
    symlinkSync(tree.root, alias);
    tree.link('via-alias', join(alias, 'sub/b.txt'));
    const aliased = createPathJail(alias);
    expect(aliased.relative(await aliased.resolve('via-alias'))).toBe('sub/b.txt');
    // The jail made from the real root does not know that spelling: it leads outside.
    expect(await outcome('via-alias')).toBe('PathTraversalError:OUTSIDE_ROOT');
    // Past Linux's 40 links (hop-39 is 40 links), a chain is a loop, as the kernel says (ELOOP).
    expect(() => realpathSync(join(tree.root, 'hop-40'))).toThrow(/ELOOP|too many/i);
    expect(await outcome('hop-40')).toBe('FileAccessError:SYMLINK_LOOP');
  });
});

describe('red team: random symlink layouts', () => {
  /** One tree per outside variant: the same root, and a different world outside it. */
  function layout(links: readonly (readonly [string, string])[], variant: number): TempTree {
    const made = createTempTree({ a: 'alpha\n', 'd/f': 'f\n' });
    const x = join(made.outside, 'x');
    if (variant === 1) writeFileSync(x, 'file\n');
    if (variant === 2) mkdirSync(join(x, 'root'), { recursive: true });
    if (variant === 3) symlinkSync('x', x);
    for (const [name, target] of links) {
      symlinkSync(
        target.replaceAll('@root', made.root).replaceAll('@base', dirname(made.root)),
        join(made.root, name),
      );
    }
    return made;
  }

  test('property: outcomes never depend on what lies outside, and successes name what the kernel opens', async () => {
    const piece = fc.constantFrom(
      '..',
      '.',
      'a',
      'd',
      'f',
      'x',
      'l1',
      'l2',
      'root',
      'outside',
      '@root',
      '@base',
      '',
      '../outside/x',
      '@base/outside/x',
    );
    const target = fc
      .array(piece, { minLength: 1, maxLength: 5 })
      .map((parts) => parts.join('/'))
      // A symlink cannot have an empty target.
      .filter((text) => text !== '');
    const links = fc
      .tuple(target, target, target)
      .map(([one, two, three]) => [['l1', one] as const, ['l2', two] as const, ['d/l3', three] as const]);
    const paths = ['l1', 'l2', 'd/l3', 'l1/f', 'l1/a', 'l2/x', 'l1/root/a', 'd/l3/f', 'l2/l1', 'd/l3/d/f'];
    await fc.assert(
      fc.asyncProperty(links, async (chosen) => {
        const trees = [0, 1, 2, 3].map((variant) => layout(chosen, variant));
        try {
          const outcomes = await Promise.all(
            trees.map(async (made) => {
              const madeJail = createPathJail(made.root);
              const seen: string[] = [];
              for (const path of paths) {
                try {
                  const real = await madeJail.resolve(path);
                  expect(real).toBe(realpathSync(join(made.root, path)));
                  seen.push(`ok:${madeJail.relative(real)}`);
                } catch (error) {
                  if (!PathTraversalError.isInstance(error) && !FileAccessError.isInstance(error))
                    throw error;
                  seen.push(`${error.name}:${error.code}`);
                }
              }
              return seen;
            }),
          );
          for (const seen of outcomes.slice(1)) expect(seen).toEqual(outcomes[0] as string[]);
        } finally {
          for (const made of trees) made.remove();
        }
      }),
      { numRuns: 60 },
    );
    // 60 runs of 3 trees each: a second or two alone, many more on a machine busy with other work.
  }, 60_000);
});

describe('red team: the root itself swapped after creation', () => {
  test('a root replaced by a symlink to outside yields nothing from outside, through any tool', async () => {
    const made = createTempTree({ 'secret.txt': 'inside twin\n', 'sub/x.txt': 'x\n' });
    mkdirSync(join(made.outside, 'sub'));
    writeFileSync(join(made.outside, 'sub/x.txt'), `${made.secret}\n`);
    // The default budget: a TIMEOUT from a loaded machine would hide the answers checked below.
    const tools = createCodingTools({ root: made.root });
    renameSync(made.root, `${made.root}.parked`);
    symlinkSync(made.outside, made.root);
    try {
      const results = [
        await tools.readFile.execute({ id: '1', name: 'read-file', arguments: { path: 'secret.txt' } }),
        await tools.readFile.execute({ id: '2', name: 'read-file', arguments: { path: 'sub/x.txt' } }),
        await tools.grep.execute({ id: '3', name: 'grep', arguments: { pattern: 'TOP|x' } }),
        await tools.grep.execute({ id: '4', name: 'grep', arguments: { pattern: 'TOP', glob: 'sub/*' } }),
        await tools.glob.execute({ id: '5', name: 'glob', arguments: { pattern: '**' } }),
        await tools.glob.execute({ id: '6', name: 'glob', arguments: { pattern: 'sub/*.txt' } }),
      ];
      for (const result of results) {
        const shown = JSON.stringify(result);
        expect(shown).not.toContain(made.secret);
        expect(shown).not.toContain('secret.txt"');
        expect(shown).not.toContain(made.outside);
      }
      expect(results[0]?.error?.details).toEqual({ reason: 'CHANGED_DURING_OPEN' });
      expect(results[4]?.result).toMatchObject({ paths: [], total: 0 });
    } finally {
      rmSync(made.root);
      renameSync(`${made.root}.parked`, made.root);
      made.remove();
    }
  });
});
