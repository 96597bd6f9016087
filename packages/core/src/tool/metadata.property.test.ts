import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { ToolDefinitionError } from '../errors/armorer-error';
import { KNOWN_METADATA_KEYS, type KnownMetadataKey, misspelledMetadataKey, withinEdits } from './metadata';
import { createTool } from './public';

const KNOWN = Object.keys(KNOWN_METADATA_KEYS) as KnownMetadataKey[];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One edit of `key`: a letter inserted, deleted or replaced, or two neighbours swapped. */
const oneEdit = (key: string) =>
  fc
    .record({
      kind: fc.constantFrom('insert', 'delete', 'replace', 'swap'),
      at: fc.nat({ max: key.length - 1 }),
      letter: fc.constantFrom(...LETTERS),
    })
    .map(({ kind, at, letter }) => {
      if (kind === 'insert') return key.slice(0, at) + letter + key.slice(at);
      if (kind === 'delete') return key.slice(0, at) + key.slice(at + 1);
      if (kind === 'replace') return key.slice(0, at) + letter + key.slice(at + 1);
      const next = Math.min(at + 1, key.length - 1);
      return key.slice(0, at) + (key[next] ?? '') + (key[at] ?? '') + key.slice(next + 1);
    })
    .filter((candidate) => candidate !== key && !Object.hasOwn(KNOWN_METADATA_KEYS, candidate));

const make = (metadata: Record<string, unknown>) =>
  createTool({ name: 'tool', description: 'A tool', metadata, execute: () => 1 });

describe('property: a misspelled known metadata key never creates a tool', () => {
  test('one edit of any known key (and any case or separator change) is refused, naming both keys', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KNOWN).chain((known) => fc.tuple(fc.constant(known), oneEdit(known))),
        fc.constantFrom('plain', 'upper', 'snake'),
        ([, typo], style) => {
          const key =
            style === 'upper'
              ? typo.toUpperCase()
              : style === 'snake'
                ? typo.replace(/([A-Z])/g, '_$1').toLowerCase()
                : typo;
          if (Object.hasOwn(KNOWN_METADATA_KEYS, key)) return;
          // Another known key may be closer (e.g. an edit of one key can land next to another): any
          // known key is a correct suggestion, the point is that the tool is refused.
          const suggested = misspelledMetadataKey(key);
          expect(suggested).toBeDefined();
          let thrown: unknown;
          try {
            make({ [key]: true });
          } catch (error) {
            thrown = error;
          }
          expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
          expect((thrown as ToolDefinitionError).code).toBe('INVALID_TOOL_METADATA');
          expect((thrown as Error).message).toContain(
            `metadata key "${key}" looks like a misspelling of "${suggested}"`,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  test('keys far from every known key stay free-form', () => {
    const far = fc
      .stringMatching(/^[a-z][a-zA-Z0-9]{0,15}$/)
      .filter((key) => KNOWN.every((known) => !withinEdits(key.toLowerCase(), known.toLowerCase(), 3)));
    fc.assert(
      fc.property(far, fc.jsonValue(), (key, value) => {
        const tool = make({ [key]: value });
        expect(tool.metadata?.[key]).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  test('the edit distance agrees with a plain dynamic-programming reference', () => {
    const reference = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const row = d[i] as number[];
          const up = d[i - 1] as number[];
          row[j] = Math.min(
            (up[j] as number) + 1,
            (row[j - 1] as number) + 1,
            (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
            row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
          }
        }
      }
      return (d[a.length] as number[])[b.length] as number;
    };
    const word = fc.stringMatching(/^[a-d]{0,7}$/);
    fc.assert(
      fc.property(word, word, fc.nat({ max: 3 }), (a, b, budget) => {
        expect(withinEdits(a, b, budget)).toBe(reference(a, b) <= budget);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('known metadata values are checked at creation', () => {
  test.each([
    [{ mutates: 'true' }, 'metadata.mutates must be a boolean'],
    [{ readOnly: 1 }, 'metadata.readOnly must be a boolean'],
    [{ dangerous: null }, 'metadata.dangerous must be a boolean'],
    [{ concurrency: 1.5 }, 'metadata.concurrency must be a positive integer'],
    [{ concurrency: 0 }, 'metadata.concurrency must be a positive integer'],
    [{ timeoutMs: '5' }, 'metadata.timeoutMs must be a number'],
    [{ title: 7 }, 'metadata.title must be a string'],
    [{ openai: true }, 'metadata.openai must be an object'],
    [{ outputSchema: 'json' }, 'metadata.outputSchema must be an object'],
  ])('%j is refused', (metadata, message) => {
    expect(() => make(metadata)).toThrow(message);
  });

  test('the spec examples and the keys armorer reads are accepted', () => {
    const tool = make({
      requiresAuth: true,
      rateLimit: 100,
      capabilities: ['read'],
      mutates: false,
      readOnly: true,
      title: 'A tool',
      idempotent: true,
      openWorld: false,
      openai: { strict: true },
    });
    expect(Object.isFrozen(tool.metadata)).toBe(true);
    expect(tool.metadata?.readOnly).toBe(true);
  });

  test('the message says what to do', () => {
    expect(() => make({ mutate: true })).toThrow(
      'Tool "tool": metadata key "mutate" looks like a misspelling of "mutates", which armorer reads (it ignores "mutate").',
    );
  });
});
