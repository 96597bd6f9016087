import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { requiredLiterals } from './required-literals';

describe('requiredLiterals', () => {
  test('reads the longest certain literal run of each alternative', () => {
    const cases: ReadonlyArray<readonly [string, string[] | undefined]> = [
      ['zqxj_never_matches', ['zqxj_never_matches']],
      ['export (default )?function', ['function']],
      ['TODO|FIXME|XXX', ['TODO', 'FIXME', 'XXX']],
      ['class [A-Za-z]+Error extends', ['Error extends']],
      ['ab+c', ['ab']],
      ['ab+?cd', ['ab']],
      ['ab??cd', ['cd']],
      ['a\\.b\\(', ['a.b(']],
      ['a{2}bc', ['bc']],
      ['x{y', ['x{y']],
      ['\\bfoo\\b', ['foo']],
      ['(?:a|b)cd', ['cd']],
      ['a[bc]de', ['de']],
      ['caf\u00e9s', ['caf']],
      ['a]b', ['a]b']],
    ];
    for (const [source, expected] of cases)
      expect({ source, literals: requiredLiterals(source, 'gm') }).toEqual({ source, literals: expected });
  });

  test('gives up where no literal is certain', () => {
    for (const source of [
      '\\w+',
      'ab*c',
      'abc|',
      'a|bc',
      '(abc)',
      '[abc]+',
      '.*',
      '\\x41BC',
      '\\012ab',
      '\\1ab',
      '\\cJab',
      'a?b?',
    ]) {
      expect({ source, literals: requiredLiterals(source, 'gm') }).toEqual({ source, literals: undefined });
    }
    expect(requiredLiterals('needle', 'gim')).toBeUndefined();
  });

  test('property: every string a generated expression matches contains one of its literals', () => {
    const literal = fc.constantFrom('a', 'b', 'c', 'ab', 'abc', 'x', '\\.', '\\(', '\\-', ']', '{', 'é');
    const other = fc.constantFrom(
      '.',
      '\\w',
      '\\d',
      '\\s',
      '[ab]',
      '[^a]',
      '[a-c]',
      '(ab)',
      '(?:a|bc)',
      '(a|b)',
      '(?:abc)',
    );
    const atom = fc.oneof({ arbitrary: literal, weight: 3 }, { arbitrary: other, weight: 2 });
    const quantifier = fc.oneof(
      { arbitrary: fc.constant(''), weight: 5 },
      { arbitrary: fc.constantFrom('*', '+', '?', '{2}', '{1,3}', '+?', '*?', '??'), weight: 2 },
    );
    const sequence = fc
      .array(fc.tuple(atom, quantifier), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.map(([piece, times]) => piece + times).join(''));
    const expression = fc
      .array(sequence, { minLength: 1, maxLength: 3 })
      .map((alternatives) => alternatives.join('|'));
    let checked = 0;
    fc.assert(
      fc.property(
        expression.chain((source) => fc.tuple(fc.constant(source), fc.stringMatching(new RegExp(source)))),
        ([source, text]) => {
          const literals = requiredLiterals(source, 'gm');
          if (literals === undefined) return;
          checked++;
          expect(new RegExp(source).test(text)).toBe(true);
          expect({ source, text, found: literals.some((literal) => text.includes(literal)) }).toEqual({
            source,
            text,
            found: true,
          });
        },
      ),
      { numRuns: 300 },
    );
    // Literals were derived (and checked) for a good share of the expressions.
    expect(checked).toBeGreaterThan(30);
    // A few thousand generated expressions: seconds of work on a loaded machine, never a timing check.
  }, 60_000);
});
