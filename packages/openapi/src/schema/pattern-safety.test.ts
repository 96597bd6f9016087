import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { isLinearPattern } from './pattern-safety';

describe('isLinearPattern', () => {
  test('common API patterns are accepted', () => {
    for (const pattern of [
      '^[a-zA-Z0-9_-]+$',
      '^tunnel_[a-z0-9]{32}$',
      '^([01]\\d|2[0-3]):?([0-5]\\d)$',
      '^[A-Za-z0-9_.-]+$',
      '^\\d{4}-\\d{2}-\\d{2}$',
      '\\d+',
      '^(?:GET|POST)$',
      '^[A-Z]{2}$',
      'abc',
      '^\\u0041\\x42\\.[\\]a-]*$',
    ]) {
      expect([pattern, isLinearPattern(pattern)]).toEqual([pattern, true]);
    }
  });

  test('patterns that can backtrack super-linearly, or that cannot be analysed, are refused', () => {
    for (const pattern of [
      '^(a+)+$',
      '(a*)*',
      '(a|a)*$',
      '(a|ab)*c',
      '^\\d*\\d*x$',
      '^[a-z]+[a-z0-9]*$',
      '[a-z]+x',
      '[a-z]+$',
      '^(\\w+\\s?)*$',
      '(a)\\1',
      '(?=a)a',
      '(?<!a)b',
      '^a{1,20}b{1,20}$',
      '^a|b$',
      '((a))',
      '(',
      'x'.repeat(1001),
    ]) {
      expect([pattern, isLinearPattern(pattern)]).toEqual([pattern, false]);
    }
  });

  const token = fc.constantFrom(
    'a',
    'b',
    '.',
    '\\d',
    '[ab]',
    '*',
    '+',
    '?',
    '{1,3}',
    '{2,}',
    '(',
    ')',
    '|',
    '^',
    '$',
    '(?:',
    '\\1',
  );
  const patterns = fc.array(token, { maxLength: 10 }).map((tokens) => tokens.join(''));

  test('property: every accepted pattern is a valid RegExp, and the check never throws', () => {
    fc.assert(
      fc.property(patterns, (pattern) => {
        if (!isLinearPattern(pattern)) return;
        expect(() => new RegExp(pattern)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  const piece = fc.constantFrom('a', '[ab]', '\\w', '.', '(a|b)', 'x{1,3}');
  const star = fc.constantFrom('*', '+', '{1,}', '{0,}');

  test('property: a repeated group, or two unbounded repeats, is always refused', () => {
    fc.assert(
      fc.property(piece, piece, star, star, fc.boolean(), (first, second, q1, q2, anchor) => {
        const prefix = anchor ? '^' : '';
        expect(isLinearPattern(`${prefix}(${first}${q1})${q2}$`)).toBe(false);
        expect(isLinearPattern(`${prefix}(?:${first}|${second})${q1}$`)).toBe(false);
        expect(isLinearPattern(`${prefix}${first}${q1}${second}${q2}$`)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  test('property: accepted patterns stay linear: their unbounded part is anchored or last', () => {
    fc.assert(
      fc.property(patterns, (pattern) => {
        if (!isLinearPattern(pattern)) return;
        const unbounded = (pattern.match(/\*|\+|\{\d+,\}/g) ?? []).length;
        expect(unbounded).toBeLessThanOrEqual(1);
        if (unbounded === 1 && !pattern.startsWith('^'))
          expect(/(\*|\+|\{\d+,\})\??$/.test(pattern)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('imported schemas', () => {
  test('a catastrophic pattern is dropped with a warning and never runs; safe ones still validate', async () => {
    const { fromOpenAPI } = await import('../import/from-openapi');
    const sent: string[] = [];
    const { toolbox, warnings } = fromOpenAPI(
      {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: {
          '/x': {
            get: {
              operationId: 'x',
              parameters: [
                { name: 'slow', in: 'query', schema: { type: 'string', pattern: '^(a+)+$' } },
                { name: 'code', in: 'query', schema: { type: 'string', pattern: '^[A-Z]{2}$' } },
                {
                  name: 'map',
                  in: 'query',
                  schema: {
                    type: 'object',
                    patternProperties: { '^(x+)+$': { type: 'string' } },
                    additionalProperties: false,
                  },
                },
              ],
              responses: {},
            },
          },
        },
      },
      {
        baseUrl: 'https://api.example.com',
        fetch: async (url) => {
          sent.push(url);
          return Response.json(null);
        },
      },
    );
    expect(
      warnings.filter((warning) => warning.code === 'UNSUPPORTED_KEYWORD').map((warning) => warning.message),
    ).toEqual([expect.stringContaining('^(a+)+$'), expect.stringContaining('^(x+)+$')]);
    // 40 characters: the backtracking engine would take longer than the age of the process to reject this.
    const hostile = `${'a'.repeat(40)}!`;
    expect(
      (await toolbox.execute({ name: 'x', arguments: { slow: hostile, map: { xxxx: 'v' } } })).outcome,
    ).toBe('success');
    expect((await toolbox.execute({ name: 'x', arguments: { code: 'abc' } })).error?.code).toBe(
      'INVALID_ARGUMENTS',
    );
    expect(sent).toHaveLength(1);
  });
});
