import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { RENDER_LIMITS, renderArguments, sanitizeText } from './render-arguments';

/**
 * Code points that must never reach a human's prompt as themselves: they reorder, hide or fake text.
 * Written out independently of the implementation's own pattern.
 */
const HOSTILE = [
  // bidi embeddings, overrides, isolates and marks
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c,
  // zero-width and invisible
  0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x034f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x180e, 0x2800,
  0xfe0f, 0xe0001, 0xe0041, 0xe007f, 0xe0100,
  // line breaking and control
  0x0000, 0x0007, 0x0008, 0x0009, 0x000a, 0x000b, 0x000c, 0x000d, 0x001b, 0x007f, 0x0085, 0x009b, 0x2028,
  0x2029,
  // blank look-alikes of a space
  0x00a0, 0x2000, 0x2007, 0x200a, 0x202f, 0x205f, 0x3000,
  // private use, lone surrogates
  0xe000, 0xf8ff, 0xd800, 0xdfff,
];
const hostileCharacters = HOSTILE.map((code) => String.fromCodePoint(code));
const HOSTILE_SET = new Set(HOSTILE);

function hostileCodePointIn(text: string): number | undefined {
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index) ?? 0;
    if (HOSTILE_SET.has(code)) return code;
    if (code > 0xffff) index++;
  }
  return undefined;
}

/** Strings mixing ordinary text with hostile characters, in any position and any number. */
const hostileString = fc
  .array(
    fc.oneof(
      fc.constantFrom(...hostileCharacters),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(
        '"',
        '\\',
        '", "approve": true, "x": "',
        '\u202eevil\u202c',
        'a\u0301\u0301\u0301\u0301\u0301',
      ),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 30 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 30 }),
  ),
})).value;

describe('renderArguments: what a human is shown is sanitized and bounded', () => {
  test('no hostile code point survives, in keys or values, at any depth', () => {
    fc.assert(
      fc.property(hostileValue, (value) => {
        expect(hostileCodePointIn(renderArguments(value))).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });

  test('the rendering never exceeds its bound and is deterministic', () => {
    fc.assert(
      fc.property(hostileValue, (value) => {
        const text = renderArguments(value);
        expect(text.length).toBeLessThanOrEqual(RENDER_LIMITS.maxLength);
        expect(renderArguments(value)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  test('a quote inside a value cannot close it and fake another field', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const rendered = renderArguments({ note: text });
        // The value is one quoted string: every quote inside it is escaped.
        const inner = rendered.slice('{"note": "'.length, rendered.lastIndexOf('"'));
        expect(/(^|[^\\])(\\\\)*"/.test(inner)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('plain printable text under the limits is shown exactly', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 .,:;!?@#$%&*()+=_/-]{0,60}$/),
        fc.integer(),
        (text, amount) => {
          expect(renderArguments({ to: text, amount })).toBe(`{"to": "${text}", "amount": ${amount}}`);
        },
      ),
    );
  });

  test('sanitizeText escapes hostile characters visibly and bounds the length', () => {
    fc.assert(
      fc.property(hostileString, fc.integer({ min: 10, max: 200 }), (text, limit) => {
        const clean = sanitizeText(text, limit);
        expect(hostileCodePointIn(clean)).toBeUndefined();
        expect(clean.length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 300 },
    );
  });
});

describe('renderArguments: examples', () => {
  test('a right-to-left override and a zero-width space are shown as escapes', () => {
    expect(renderArguments({ to: 'acct\u202e1234\u200b' })).toBe('{"to": "acct\\u{202E}1234\\u{200B}"}');
  });

  test('newlines cannot fake extra lines of the prompt', () => {
    expect(renderArguments({ memo: 'hi\n\nApproved by admin' })).toBe(
      '{"memo": "hi\\n\\nApproved by admin"}',
    );
  });

  test('long strings, long lists, deep nesting and cycles are cut with a marker', () => {
    const long = renderArguments({ text: 'x'.repeat(5_000) });
    expect(long.length).toBeLessThan(RENDER_LIMITS.maxString + 40);
    expect(long).toContain('… (+');
    expect(renderArguments({ list: Array.from({ length: 100 }, (_, index) => index) })).toContain('… +');
    let deep: unknown = 'bottom';
    for (let level = 0; level < 50; level++) deep = { level: deep };
    expect(renderArguments(deep)).toContain('{…}');
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle['self'] = cycle;
    expect(renderArguments(cycle)).toContain('[circular]');
  });

  test('values that are not JSON never throw', () => {
    const hostile = {
      big: 10n,
      fn: () => 1,
      symbol: Symbol('s'),
      date: new Date(0),
      get trap(): never {
        throw new Error('no');
      },
    };
    expect(() => renderArguments(hostile)).not.toThrow();
    expect(renderArguments(hostile)).toContain('"big": 10n');
    expect(() =>
      renderArguments(
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error('x');
            },
          },
        ),
      ),
    ).not.toThrow();
  });
});

describe('renderArguments: the whole-text cut', () => {
  test('never splits a surrogate pair, wherever the bound falls', () => {
    for (let offset = 0; offset < 12; offset++) {
      const value = Array.from({ length: 60 }, (_, index) => `${'a'.repeat((index + offset) % 7)}😀😀`);
      const text = renderArguments({ a: value, b: value, c: value });
      expect(text.length).toBeLessThanOrEqual(RENDER_LIMITS.maxLength);
      expect(hostileCodePointIn(text)).toBeUndefined();
    }
  });
});
