import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { threadCpuMs } from './__fixtures__/cpu-time';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';
import { compileGlob } from './glob/compile-glob';
import type { GlobResult } from './tools/glob-tool';

// Red-team attacks on the glob matcher, which runs on the thread that serves every other call: a pattern
// must never make one path cost more than its length times the pattern's.

const LONG_NAME = 'a'.repeat(250);
const hostile: ReadonlyArray<readonly [string, string]> = [
  // Polynomial backtracking: a regular expression tries every way to split the name among the stars.
  [`${'*a'.repeat(40)}b`, LONG_NAME],
  [`${'**/'.repeat(100)}b`, `${'a/'.repeat(1000)}c`],
  // Exponential backtracking through overlapping alternatives.
  [`${'{a,aa}'.repeat(100)}b`, LONG_NAME],
  [`${'{a,a}'.repeat(150)}b`, LONG_NAME],
  [`${'{'.repeat(300)}a${'}'.repeat(300)}`, 'a'],
  [`${'[a-z]*'.repeat(60)}b`, LONG_NAME],
];

let tree: TempTree;

beforeAll(() => {
  tree = createTempTree({ [LONG_NAME]: 'needle\n', 'src/a.ts': 'needle\n' });
  tree.file('sm😁ile/x.ts', 'needle\n');
  tree.file('new\nline/x.ts', 'needle\n');
});

afterAll(() => tree.remove());

describe('red team: glob patterns', () => {
  test('catastrophic patterns match in linear time, and as Bun.Glob decides', () => {
    // CPU time, not wall time: a loaded machine stretches the latter, not the former.
    for (const [pattern, path] of hostile) {
      let matches: boolean | undefined;
      const cpuMs = threadCpuMs(() => {
        matches = compileGlob(pattern)(path);
      });
      expect({ pattern: pattern.slice(0, 12), ms: cpuMs < 250 }).toEqual({
        pattern: pattern.slice(0, 12),
        ms: true,
      });
      expect(matches).toBe(new Bun.Glob(pattern).match(path));
    }
  });

  test('glob and grep answer a catastrophic pattern within the budget, with nothing found', async () => {
    // A backtracking matcher would run for hours on the 250-character name: the call would end in TIMEOUT
    // at the budget (or the test time out) instead of with an empty answer.
    const tools = createCodingTools({ root: tree.root });
    const pattern = `${'*a'.repeat(12)}b`;
    const listed = await tools.glob.execute({ id: '1', name: 'glob', arguments: { pattern } });
    const found = await tools.grep.execute({
      id: '2',
      name: 'grep',
      arguments: { pattern: 'needle', glob: pattern },
    });
    expect(listed.error).toBeUndefined();
    expect(found.error).toBeUndefined();
    expect(listed.result).toMatchObject({ paths: [], total: 0, truncated: false });
    expect(found.result).toMatchObject({ matches: [], filesSearched: 0 });
  });

  test('code points beyond the BMP and newlines in names match as in Bun.Glob, never fail', async () => {
    const tools = createCodingTools({ root: tree.root });
    for (const pattern of ['sm[😀-😂]ile/*.ts', 'sm?ile/x.ts', '**/*.ts', '**']) {
      const listed = await tools.glob.execute({ id: '1', name: 'glob', arguments: { pattern } });
      expect(listed.error).toBeUndefined();
      const expected = [...new Bun.Glob(pattern).scanSync({ cwd: tree.root, dot: true })].sort();
      expect((listed.result as GlobResult).paths).toEqual(expected);
    }
    // A negated class starting with "-" made the regular expression "[^/-.]", a reversed range that threw.
    for (const pattern of ['[!-.a]', '[!-.]*', '-[!-**^]!']) {
      const listed = await tools.glob.execute({ id: '2', name: 'glob', arguments: { pattern } });
      expect(listed.error).toBeUndefined();
      expect(compileGlob(pattern)('b')).toBe(new Bun.Glob(pattern).match('b'));
    }
    expect(compileGlob('[😀-😂]')('😁')).toBe(true);
    expect(compileGlob('?')('😁')).toBe(true);
  });

  test('property: patterns built from wildcards and overlapping braces stay linear and agree with Bun.Glob', () => {
    const piece = fc.constantFrom('*', '?', 'a', 'aa', '{a,aa}', '{a,*}', '[a-b]', '**/', '/');
    const pattern = fc.array(piece, { minLength: 1, maxLength: 30 }).map((pieces) => pieces.join(''));
    const path = fc.constantFrom(LONG_NAME, `${'a'.repeat(60)}/${'a'.repeat(60)}`, 'a/a/a/a/a/a/a/a/b');
    fc.assert(
      fc.property(pattern, path, (candidate, text) => {
        // Bun.Glob#match disagrees with its own scan on glued globstars ("a**/") and runs of stars.
        fc.pre(candidate.split('/').every((part) => part === '**' || !part.includes('**')));
        let matches: boolean | undefined;
        const cpuMs = threadCpuMs(() => {
          matches = compileGlob(candidate)(text);
        });
        expect(cpuMs).toBeLessThan(100);
        expect(matches).toBe(new Bun.Glob(candidate).match(text));
      }),
      { numRuns: 300 },
    );
  });
});
