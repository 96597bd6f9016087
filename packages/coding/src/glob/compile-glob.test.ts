import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { compileGlob, staticPrefix } from './compile-glob';

const cases: ReadonlyArray<readonly [string, string, boolean]> = [
  ['*.ts', 'a.ts', true],
  ['*.ts', 'src/a.ts', false],
  ['*.ts', '.hidden.ts', true],
  ['**/*.ts', 'a.ts', true],
  ['**/*.ts', 'src/lib/a.ts', true],
  ['**/*.ts', '.git/x.ts', true],
  ['src/**', 'src/a/b.ts', true],
  ['src/**', 'src', false],
  ['src/**/b.ts', 'src/b.ts', true],
  ['src/**/b.ts', 'src/x/y/b.ts', true],
  ['a**b', 'axxb', true],
  ['a**b', 'ax/xb', false],
  ['?.ts', 'a.ts', true],
  ['?', '/', false],
  ['[a-c].ts', 'b.ts', true],
  ['[!a-c].ts', 'd.ts', true],
  ['[^a-c].ts', 'a.ts', false],
  ['***', 'a/b', false],
  ['***.ts', 'a.ts', true],
  ['a/***', 'a/b', true],
  ['a/***', 'a/b/c', false],
  ['[]]', ']', true],
  ['*.{js,ts}', 'x.ts', true],
  ['{src,lib}/**/*.{js,ts}', 'lib/a/b.js', true],
  ['{a,{b,c}}', 'c', true],
  ['a{,b}', 'a', true],
  ['{a,b', '{a,b', true],
  ['[ab', '[ab', true],
  ['\\[a]', '[a]', true],
  ['\\*', '*', true],
  ['\\*', 'a', false],
  ['a.(b)+$^|', 'a.(b)+$^|', true],
];

describe('compileGlob', () => {
  test('documented glob syntax, checked against Bun.Glob', () => {
    // A bracket expression never matches "/" (Bun.Glob#scan agrees; #match differs, see the property).
    expect(compileGlob('a[/]c')('a/c')).toBe(false);
    expect(compileGlob('a[!b]c')('a/c')).toBe(false);
    for (const [pattern, path, expected] of cases) {
      expect({ pattern, path, matches: compileGlob(pattern)(path) }).toEqual({
        pattern,
        path,
        matches: expected,
      });
      expect({ pattern, path, bun: new Bun.Glob(pattern).match(path) }).toEqual({
        pattern,
        path,
        bun: expected,
      });
    }
  });

  test('property: agrees with Bun.Glob#match on generated patterns and paths', () => {
    // Each token pairs a piece of pattern with text that piece should match, so generated paths match
    // often; a mutation or an unrelated path exercises the misses.
    const tokens: ReadonlyArray<readonly [string, fc.Arbitrary<string>]> = [
      ['a', fc.constant('a')],
      ['.a', fc.constant('.a')],
      ['x.ts', fc.constant('x.ts')],
      ['*', fc.constantFrom('', 'a', 'ab', '.a')],
      ['?', fc.constantFrom('a', 'b', '.')],
      ['[ab]', fc.constantFrom('a', 'b')],
      ['[!a]', fc.constantFrom('b', '.')],
      ['[a-c]', fc.constantFrom('a', 'c')],
      ['{a,b}', fc.constantFrom('a', 'b')],
      ['{a,{b,.a}}', fc.constantFrom('a', 'b', '.a')],
      ['{,a}', fc.constantFrom('', 'a')],
      ['\\*', fc.constant('*')],
    ];
    const token = fc.integer({ min: 0, max: tokens.length - 1 }).chain((index) => {
      const [piece, text] = tokens[index] as (typeof tokens)[number];
      return text.map((sample) => [piece, sample] as const);
    });
    // `**` is a whole segment, as glob syntax means it; other tokens combine within a segment.
    const globstar = fc.constantFrom('a', 'a/b', '.a/b', '').map((sample) => [['**', sample] as const]);
    const segment = fc.oneof(
      { arbitrary: fc.array(token, { minLength: 1, maxLength: 3 }), weight: 4 },
      { arbitrary: globstar, weight: 1 },
    );
    const example = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => ({
      pattern: segments.map((parts) => parts.map(([piece]) => piece).join('')).join('/'),
      // An empty globstar sample takes its separator with it.
      path: segments
        .map((parts) => parts.map(([, sample]) => sample).join(''))
        .filter((text, index, all) => !(text === '' && all.length > 1 && segments[index]?.[0]?.[0] === '**'))
        .join('/'),
    }));
    const otherPath = fc
      .array(fc.constantFrom('a', 'b', 'ab', '.a', 'x.ts', '*', 'abc'), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.join('/'));
    const mutate = fc.constantFrom(
      (path: string) => path,
      (path: string) => `${path}x`,
      (path: string) => `b/${path}`,
      (path: string) => path.replace('a', 'z'),
    );
    let matched = 0;
    fc.assert(
      fc.property(example, mutate, otherPath, fc.boolean(), ({ pattern, path }, change, other, useOther) => {
        const candidate = useOther ? other : change(path);
        // Enumerated paths never have empty segments.
        fc.pre(!candidate.split('/').includes(''));
        // Bun.Glob#match lets a bracket expression match "/" in some positions, while #scan (what the
        // walker must agree with) matches segment by segment; enumerate-files.test checks scans.
        fc.pre(!(pattern.includes('[') && candidate.includes('/')));
        // Runs of three or more stars are not glob syntax anyone writes; #match treats some of them
        // inconsistently ("****/**" matches "a" while "*/**" does not). They act as one "*" here.
        fc.pre(!pattern.includes('***'));
        // The same goes for "**" glued to other text ("a**/**" matches "a" in #match).
        fc.pre(pattern.split('/').every((part) => part === '**' || !part.includes('**')));
        const expected = new Bun.Glob(pattern).match(candidate);
        if (expected) matched++;
        expect({ pattern, candidate, matches: compileGlob(pattern)(candidate) }).toEqual({
          pattern,
          candidate,
          matches: expected,
        });
      }),
      { numRuns: 3000 },
    );
    // Both outcomes were exercised, many times.
    expect(matched).toBeGreaterThan(300);
    expect(matched).toBeLessThan(2500);
  });

  test('staticPrefix gives the directory a walk can start from', () => {
    expect(staticPrefix('src/lib/**/*.ts')).toEqual(['src', 'lib']);
    expect(staticPrefix('src/index.ts')).toEqual(['src']);
    expect(staticPrefix('**/*.ts')).toEqual([]);
    expect(staticPrefix('{src,lib}/*.ts')).toEqual([]);
    expect(staticPrefix('src/[ab]/x.ts')).toEqual(['src']);
    expect(staticPrefix('a.ts')).toEqual([]);
  });
});
