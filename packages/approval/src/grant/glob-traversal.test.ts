import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { matchResourcePattern } from './glob';

const isDotSegment = (segment: string) => segment === '.' || segment === '..';

describe('resource patterns and dot segments', () => {
  test('no wildcard matches a . or .. segment; spelled out, they match; names holding dots still match', () => {
    const table: [string, string, boolean][] = [
      ['reports/**', 'reports/../secrets/keys', false],
      ['reports/**', 'reports/2026/../../etc/passwd', false],
      ['reports/**', 'reports/..', false],
      ['reports/**', 'reports/./q1', false],
      ['reports/*', 'reports/..', false],
      ['reports/*', 'reports/.', false],
      ['reports/*/q1', 'reports/../q1', false],
      ['**', '../x', false],
      ['reports/*..', 'reports/..', true], // the dots are the pattern's own, the star matches nothing
      ['reports/*', 'reports/..\\secrets', false],
      ['reports/*', 'reports/q1\\..\\..\\x', false],
      ['reports/*', 'reports/a\\b', true],
      ['reports/../x', 'reports/../x', true],
      ['reports/*/../x', 'reports/a/../x', true],
      ['reports/**', 'reports/q1..v2/.hidden', true],
      ['reports/**', 'reports/.../x', true],
      ['reports/*', 'reports/.env', true],
    ];
    for (const [pattern, subject, expected] of table) {
      expect(`${pattern} ~ ${subject}: ${matchResourcePattern(pattern, subject)}`).toBe(
        `${pattern} ~ ${subject}: ${expected}`,
      );
    }
  });

  test('below a prefix, ** matches a path exactly when none of its segments is . or .. (property)', () => {
    const segment = fc.oneof(
      fc.constantFrom('.', '..', '...', '.a', 'a.', 'q1'),
      fc.stringMatching(/^[^/]{1,4}$/),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        const subject = `reports/${segments.join('/')}`;
        expect(matchResourcePattern('reports/**', subject)).toBe(!segments.some(isDotSegment));
      }),
    );
  });
});
