import { describe, expect, test } from 'bun:test';
import { canonicalJson } from '@armorer/approval';
import fc from 'fast-check';
import { callSignature } from './loop-detection';

/** The same value with its object keys in reverse order at every depth. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reversed(item)]),
  );
}

describe('callSignature: the canonical JSON of a call', () => {
  // Arguments are an object, or the JSON text of one (a string argument is read as JSON text).
  test('is the name and armorer canonical JSON, whatever the key order or the arguments arrive as text', () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), (name, args) => {
        const signature = callSignature(name, args);
        expect(signature).toBe(`${name}\u0000${canonicalJson(args)}`);
        expect(callSignature(name, reversed(args))).toBe(signature);
        expect(callSignature(name, JSON.stringify(args))).toBe(signature);
      }),
    );
  });

  test('a Date is its JSON text', () => {
    const at = new Date(0);
    expect(callSignature('t', { at })).toBe(callSignature('t', { at: at.toJSON() }));
  });

  test('arguments with no bounded canonical form never match another call, not even themselves', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    let shared: unknown[] = [1];
    for (let depth = 0; depth < 16; depth++) shared = [shared, shared];
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    for (const args of [
      cyclic,
      shared,
      { n: Number.NaN },
      [undefined],
      { text: 'x'.repeat(1_000_001) },
      hostile,
    ]) {
      expect(callSignature('t', args)).not.toBe(callSignature('t', args));
    }
  });

  test('text that is not JSON is its own signature', () => {
    expect(callSignature('t', '{not json')).toBe('t\u0000{not json');
  });
});
