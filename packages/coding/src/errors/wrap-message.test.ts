import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { messageOf, wrapMessage } from './wrap-message';

describe('wrapMessage', () => {
  test('says what the cause already says once, with one final period', () => {
    const bun = new SyntaxError('Invalid regular expression: missing )');
    expect(wrapMessage('Invalid regular expression "("', bun)).toBe(
      'Invalid regular expression "(": missing ).',
    );
    expect(wrapMessage('Invalid regular expression', bun)).toBe('Invalid regular expression: missing ).');
    expect(wrapMessage('The search worker failed', 'The search worker failed: boom.')).toBe(
      'The search worker failed: boom.',
    );
    expect(wrapMessage('Could not read', new Error('disk on fire...'))).toBe('Could not read: disk on fire.');
    expect(wrapMessage('Could not read.', '')).toBe('Could not read.');
    // Only whole words are dropped.
    expect(wrapMessage('Invalid regular expression', 'Invalid regular expressions abound')).toBe(
      'Invalid regular expression: Invalid regular expressions abound.',
    );
  });

  test('messageOf takes the message of errors and error-like values, and strings of anything else', () => {
    expect(messageOf(new TypeError('x'))).toBe('x');
    expect(messageOf({ message: 'y' })).toBe('y');
    expect(messageOf(42)).toBe('42');
    expect(messageOf(undefined)).toBe('undefined');
  });

  test('property: never repeats the context, never ends with two periods, keeps the rest of the cause', () => {
    const word = fc.constantFrom('Invalid', 'regular', 'expression', 'search', 'failed', 'x', 'Über');
    const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
    const tail = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(
        words,
        fc.nat(3),
        tail,
        fc.constantFrom('', ':', ': ', '.', '...'),
        (label, repeats, rest, end) => {
          const cause = `${`${label.toUpperCase()}: `.repeat(repeats)}${rest}${end}`;
          const message = wrapMessage(`${label} "value"`, new Error(cause));
          expect(message.startsWith(`${label} "value"`)).toBe(true);
          expect(message.endsWith('.')).toBe(true);
          expect(message.endsWith('..')).toBe(false);
          const after = message.slice(`${label} "value"`.length).replace(/^: /, '').toLowerCase();
          // The rest of the cause survives (trimmed of separators and final periods)...
          const kept = rest
            .replace(/^[\s:]+/, '')
            .trim()
            .replace(/[\s.]+$/, '')
            .toLowerCase();
          if (kept !== '' && !kept.startsWith(label.toLowerCase())) expect(after).toContain(kept);
          // ...and the context's words are not said again in front of it.
          expect(after.startsWith(`${label.toLowerCase()}:`)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
