import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ToolDefinitionError } from '@armorer/core';
import fc from 'fast-check';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { FileAccessError } from '../errors/file-access-error';
import { PathTraversalError } from '../errors/path-traversal-error';
import { createPathJail, type PathJail } from './create-path-jail';

let tree: TempTree;
let jail: PathJail;

beforeAll(() => {
  tree = createTempTree({ 'a.txt': 'alpha\n', 'sub/b.txt': 'beta\n', 'sub/deep/c.txt': 'gamma\n' });
  const secret = join(tree.outside, 'secret.txt');
  tree.link('in-link', 'a.txt');
  tree.link('in-dir', 'sub');
  tree.link('root-link', '.');
  tree.link('abs-in', join(tree.root, 'sub/b.txt'));
  tree.link('chain-1', 'chain-2');
  tree.link('chain-2', 'chain-3');
  tree.link('chain-3', 'a.txt');
  tree.link('out-link', '../outside/secret.txt');
  tree.link('abs-out', secret);
  tree.link('out-dir', '../outside');
  tree.link('up', '..');
  tree.link('out-chain-1', 'out-chain-2');
  tree.link('out-chain-2', 'sub/out-chain-3');
  tree.link('sub/out-chain-3', '../../outside/secret.txt');
  tree.link('sub/nested-out', '../out-dir');
  tree.link('loop-1', 'loop-2');
  tree.link('loop-2', 'loop-1');
  tree.link('self', 'self');
  tree.link('dangling-in', 'missing.txt');
  tree.link('dangling-out', '../outside/missing.txt');
  tree.link('dangling-abs', '/nonexistent-armorer-path/x');
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

describe('createPathJail', () => {
  test('needs an existing directory as root and takes its real path', () => {
    expect(createPathJail(join(tree.root, 'root-link')).root).toBe(tree.root);
    for (const root of ['', join(tree.root, 'missing'), join(tree.root, 'a.txt')]) {
      expect(() => createPathJail(root)).toThrow(ToolDefinitionError);
    }
    expect(() => createPathJail(undefined as unknown as string)).toThrow(/need a root directory/);
  });

  test('resolves plain paths and symlinks that stay inside the root', async () => {
    expect(await outcome('a.txt')).toBe('ok:a.txt');
    expect(await outcome('')).toBe('ok:');
    expect(await outcome('sub/deep/c.txt')).toBe('ok:sub/deep/c.txt');
    expect(await outcome('sub\\deep\\c.txt')).toBe('ok:sub/deep/c.txt');
    expect(await outcome('in-link')).toBe('ok:a.txt');
    expect(await outcome('in-dir/b.txt')).toBe('ok:sub/b.txt');
    expect(await outcome('root-link/root-link/a.txt')).toBe('ok:a.txt');
    expect(await outcome('abs-in')).toBe('ok:sub/b.txt');
    expect(await outcome('chain-1')).toBe('ok:a.txt');
  });

  test('refuses symlinks that lead outside, at the leaf or any segment, dangling or not', async () => {
    for (const path of [
      'out-link',
      'abs-out',
      'out-dir/secret.txt',
      'out-dir',
      'up/outside/secret.txt',
      'up/root/a.txt',
      'out-chain-1',
      'sub/nested-out/secret.txt',
      'in-dir/nested-out/secret.txt',
      'root-link/out-link',
      'dangling-out',
      'dangling-abs',
      'out-dir/missing/deeper.txt',
    ]) {
      expect({ path, outcome: await outcome(path) }).toEqual({
        path,
        outcome: 'PathTraversalError:OUTSIDE_ROOT',
      });
    }
  });

  test('reports loops and missing files without hanging', async () => {
    expect(await outcome('loop-1')).toBe('FileAccessError:SYMLINK_LOOP');
    expect(await outcome('self/x')).toBe('FileAccessError:SYMLINK_LOOP');
    expect(await outcome('dangling-in')).toBe('FileAccessError:NOT_FOUND');
    expect(await outcome('missing/x.txt')).toBe('FileAccessError:NOT_FOUND');
    expect(await outcome('a.txt/x')).toBe('FileAccessError:NOT_FOUND');
  });

  test('a corpus of path attacks never resolves outside the root', async () => {
    const attacks = [
      '../outside/secret.txt',
      'sub/../../outside/secret.txt',
      '..\\outside\\secret.txt',
      join(tree.outside, 'secret.txt'),
      `/${tree.outside}/secret.txt`,
      'C:\\outside\\secret.txt',
      '\\\\?\\C:\\secret.txt',
      'a.txt\0../../outside/secret.txt',
      '%2e%2e/outside/secret.txt',
      '%2e%2e%2foutside%2fsecret.txt',
      '..%2f..%2foutside%2fsecret.txt',
      '%252e%252e/outside/secret.txt',
      '\uff0e\uff0e/outside/secret.txt',
      '\u2025/outside/secret.txt',
      '..\u2215outside\u2215secret.txt',
      '..\uff0foutside\uff0fsecret.txt',
      '\u2024\u2024/outside/secret.txt',
      'file:///etc/passwd',
      '~/../outside/secret.txt',
    ];
    for (const path of attacks) {
      const result = await outcome(path);
      expect(result.startsWith('ok:')).toBe(false);
    }
  });

  test('open() reads regular files inside the root and refuses the rest', async () => {
    const file = await jail.open('in-dir/b.txt');
    try {
      expect(file.path).toBe('sub/b.txt');
      expect(file.stats.isFile()).toBe(true);
      expect((await file.handle.readFile('utf8')).trim()).toBe('beta');
    } finally {
      await file.handle.close();
    }
    await expect(jail.open('sub')).rejects.toMatchObject({ name: 'FileAccessError', code: 'NOT_A_FILE' });
    await expect(jail.open('out-link')).rejects.toMatchObject({
      name: 'PathTraversalError',
      code: 'OUTSIDE_ROOT',
    });
    await expect(jail.open('../a.txt')).rejects.toMatchObject({ code: 'PARENT_SEGMENT' });
  });

  test('property: no accepted path resolves outside the root, and it names what the OS would open', async () => {
    // Names that exist inside the root (often accepted) mixed with hostile ones.
    const inside = fc.constantFrom(
      'a.txt',
      'sub',
      'deep',
      'b.txt',
      'c.txt',
      'in-link',
      'in-dir',
      'root-link',
      'abs-in',
      'chain-1',
    );
    const hostile = fc.constantFrom(
      'out-link',
      'abs-out',
      'out-dir',
      'up',
      'out-chain-1',
      'nested-out',
      'loop-1',
      'self',
      'dangling-out',
      'outside',
      'root',
      'secret.txt',
      '..',
      '.',
      '',
      '%2e%2e',
      '\uff0e\uff0e',
      '\0',
      'C:',
      '~',
    );
    const segment = fc.oneof({ arbitrary: inside, weight: 4 }, { arbitrary: hostile, weight: 1 });
    const separator = fc.oneof(
      { arbitrary: fc.constant('/'), weight: 4 },
      { arbitrary: fc.constantFrom('\\', '//'), weight: 1 },
    );
    const lead = fc.oneof(
      { arbitrary: fc.constant(''), weight: 4 },
      { arbitrary: fc.constantFrom('/', '\\', './'), weight: 1 },
    );
    const path = fc.tuple(lead, fc.array(fc.tuple(segment, separator), { minLength: 1, maxLength: 6 })).map(
      ([start, parts]) =>
        start +
        parts
          .map(([name, sep]) => name + sep)
          .join('')
          .replace(/[/\\]+$/, ''),
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(path, async (candidate) => {
        let resolved: string;
        try {
          resolved = await jail.resolve(candidate);
        } catch (error) {
          expect(PathTraversalError.isInstance(error) || FileAccessError.isInstance(error)).toBe(true);
          return;
        }
        accepted++;
        expect(jail.contains(resolved)).toBe(true);
        expect(realpathSync(resolved)).toBe(resolved);
        expect(realpathSync(join(tree.root, candidate.replaceAll('\\', '/')))).toBe(resolved);
        if (!resolved.endsWith('.txt')) return;
        expect(readFileSync(resolved, 'utf8')).not.toContain(tree.secret);
      }),
      { numRuns: 400 },
    );
    // The property is not vacuous: many generated paths were accepted and checked.
    expect(accepted).toBeGreaterThan(10);
  });
});
