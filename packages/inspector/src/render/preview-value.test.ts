import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { type PreviewJson, previewValue, visibleJson } from './preview-value';

/** Characters that must never reach the page unescaped. */
const HIDDEN = /[^\P{Cc}\t\n\r]|[\p{Cf}\u2028\u2029]/u;

function strings(value: PreviewJson, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  }
  return out;
}

describe('previewValue', () => {
  test('plain JSON data comes back equal', () => {
    const data = { a: 1, b: [true, null, 'x'], c: { d: -2.5, e: '' } };
    expect(JSON.parse(JSON.stringify(previewValue(data)))).toEqual(data);
  });

  test('long strings, long arrays, wide objects and deep nesting are cut and say so', () => {
    expect(previewValue('abcdef', { maxString: 3 })).toBe('abc… (3 more characters)');
    expect(previewValue([1, 2, 3, 4], { maxItems: 2 })).toEqual([1, 2, '… (2 more items)']);
    expect(previewValue({ a: 1, b: 2, c: 3 }, { maxItems: 2 })).toEqual({ a: 1, b: 2, '…': '1 more keys' });
    expect(previewValue({ a: { b: { c: 1 } } }, { maxDepth: 2 })).toEqual({ a: { b: '[Object]' } });
    expect(previewValue(new Map([['k', 1]]))).toEqual([['k', 1]]);
    expect(previewValue(new Set([1, 2, 3]), { maxItems: 1 })).toEqual([1, '… (2 more items)']);
  });

  test('values JSON cannot hold are described', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(previewValue(cyclic)).toEqual({ name: 'loop', self: '[Circular]' });
    expect(previewValue(10n)).toBe('10n');
    expect(previewValue(Number.NaN)).toBe('NaN');
    expect(previewValue(function named() {})).toBe('[Function named]');
    expect(previewValue(new Uint8Array(3))).toBe('[Uint8Array 3 bytes]');
    expect(previewValue(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(previewValue(new TypeError('bad'))).toEqual({ name: 'TypeError', message: 'bad' });
    expect(previewValue(Promise.resolve(1))).toBe('[Promise]');
    expect(previewValue({ a: undefined, b: 1 })).toEqual({ b: 1 });
    const proto = previewValue(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('hostile objects: throwing getters and Proxies never throw out', () => {
    const getter = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(previewValue(getter)).toEqual({ boom: '[unreadable]' });
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(previewValue({ trap })).toEqual({ trap: '[unreadable]' });
  });

  test('direction overrides, zero-width and control characters are shown as escapes', () => {
    expect(previewValue('pay\u202Eevil\u200B\u0007ok\nnext')).toBe('pay\\u{202e}evil\\u{200b}\\u{7}ok\nnext');
  });

  test('property: never throws, stays within the budget, and hides no invisible characters', () => {
    const hostile = fc.oneof(
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }),
      fc.string({ unit: 'binary' }),
      fc.array(fc.string({ unit: 'binary' }), { maxLength: 300 }),
    );
    fc.assert(
      fc.property(hostile, fc.integer({ min: 1, max: 400 }), (value, maxChars) => {
        const shown = previewValue(value, { maxChars, maxString: 50, maxItems: 20, maxDepth: 4 });
        const json = JSON.stringify(shown);
        expect(json.length).toBeLessThanOrEqual(100 * maxChars + 100);
        for (const item of strings(shown)) expect(HIDDEN.test(item)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('property: a wide and deep value is bounded by the budget, not by its size', () => {
    const wide = Array.from({ length: 200 }, () => Array.from({ length: 200 }, (_, index) => ({ index })));
    const json = JSON.stringify(previewValue(wide, { maxChars: 1_000, maxItems: 200 }));
    expect(json.length).toBeLessThan(100_000);
  });
});

describe('visibleJson', () => {
  test('escapes invisible characters, refuses non-JSON and long text', () => {
    expect(visibleJson({ to: 'a\u202Eb' }, 100)).toBe('{\n  "to": "a\\u202eb"\n}');
    expect(visibleJson(10n, 100)).toBeUndefined();
    expect(visibleJson(undefined, 100)).toBeUndefined();
    expect(visibleJson({ text: 'x'.repeat(50) }, 20)).toBeUndefined();
  });

  test('property: the text parses back to the same value and shows no invisible character', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        for (const input of [value, { text }, [text, value]]) {
          const json = visibleJson(input, 1_000_000);
          expect(json).toBeDefined();
          expect(HIDDEN.test(json as string)).toBe(false);
          expect(JSON.parse(json as string)).toEqual(JSON.parse(JSON.stringify(input)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
