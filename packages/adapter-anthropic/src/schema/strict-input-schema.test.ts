import { describe, expect, test } from 'bun:test';
import { WarningCollector } from '@armorer/adapter-shared';
import { StrictUnavailable, toStrictInputSchema } from './strict-input-schema';

function strict(schema: Record<string, unknown>) {
  const collector = new WarningCollector('anthropic', 't');
  const out = toStrictInputSchema(schema, collector);
  return {
    out,
    warnings: collector.warnings.map((warning) =>
      `${warning.code} ${warning.path || '(root)'} ${warning.keyword ?? ''}`.trim(),
    ),
  };
}

function refusal(schema: Record<string, unknown>): [string, string] {
  try {
    toStrictInputSchema(schema, new WarningCollector('anthropic', 't'));
  } catch (error) {
    if (error instanceof StrictUnavailable) return [error.path, error.reason];
    throw error;
  }
  throw new Error('expected strict tool use to refuse the schema');
}

describe('toStrictInputSchema (Anthropic strict tool use)', () => {
  test('closes objects, keeps what strict mode constrains, and carries the rest as reported text', () => {
    const { out, warnings } = strict({
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 3, pattern: '^[a-z]+$', description: 'Search text' },
        when: { type: 'string', format: 'date' },
        site: { type: 'string', format: 'idn-hostname' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
        mode: { enum: ['a', 'b'] },
        kind: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        note: { type: ['string', 'null'], maxLength: 9 },
        filter: { type: 'object', properties: { open: { type: 'boolean' } } },
      },
      required: ['query'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Search text\n\n{minLength: 3, pattern: "^[a-z]+$"}' },
        when: { type: 'string', format: 'date' },
        site: { type: 'string', description: '{format: "idn-hostname"}' },
        limit: { type: 'integer', description: '{minimum: 1, maximum: 50, default: 10}' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, description: '{maxItems: 5}' },
        mode: { enum: ['a', 'b'] },
        kind: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        note: {
          anyOf: [
            { type: 'string', description: '{maxLength: 9}' },
            { type: 'null', description: '{maxLength: 9}' },
          ],
        },
        filter: { type: 'object', properties: { open: { type: 'boolean' } }, additionalProperties: false },
      },
      required: ['query'],
      additionalProperties: false,
    });
    expect(warnings).toEqual([
      'RELAXED_KEYWORD /properties/query minLength',
      'RELAXED_KEYWORD /properties/query pattern',
      'RELAXED_KEYWORD /properties/site format',
      'RELAXED_KEYWORD /properties/limit minimum',
      'RELAXED_KEYWORD /properties/limit maximum',
      'RELAXED_KEYWORD /properties/tags maxItems',
      'RELAXED_KEYWORD /properties/kind oneOf',
      'RELAXED_KEYWORD /properties/note/anyOf/0 maxLength',
      'RELAXED_KEYWORD /properties/note/anyOf/1 maxLength',
    ]);
  });

  test('a tool without arguments is a closed empty object; references stand alone and resolve', () => {
    expect(strict({ type: 'object', properties: {} }).out).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    const { out } = strict({
      type: 'object',
      properties: { from: { $ref: '#/$defs/point', description: 'Start' }, to: { $ref: '#/$defs/point' } },
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    });
    expect(out['properties']).toEqual({
      from: { anyOf: [{ $ref: '#/$defs/point' }], description: 'Start' },
      to: { $ref: '#/$defs/point' },
    });
    expect(out['$defs']).toEqual({
      point: {
        type: 'object',
        properties: { x: { type: 'number' } },
        required: ['x'],
        additionalProperties: false,
      },
    });
  });

  test('what strict mode cannot declare at all is refused with where and why', () => {
    expect(
      refusal({
        type: 'object',
        properties: { m: { type: 'object', additionalProperties: { type: 'number' } } },
      }),
    ).toEqual(['/properties/m', 'has additionalProperties (a map), which strict tool use cannot declare']);
    expect(
      refusal({ type: 'object', properties: { p: { type: 'array', prefixItems: [{ type: 'number' }] } } })[0],
    ).toBe('/properties/p');
    expect(refusal({ type: 'object', properties: { v: {} } })[1]).toContain('any type');
    expect(refusal({ type: 'object', properties: { o: { type: 'object' } } })[1]).toContain('any keys');
    expect(refusal({ type: 'object', properties: { next: { $ref: '#' } } })[1]).toContain('recursive');
    expect(
      refusal({
        type: 'object',
        properties: { tree: { $ref: '#/$defs/node' } },
        $defs: {
          node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } },
        },
      }),
    ).toEqual(['/$defs/node', 'is recursive, which strict tool use cannot declare']);
    // A definition name with an escaped "/" in the reference is the same definition.
    const escaped = refusal({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/a~1b' } },
      $defs: { 'a/b': { type: 'object', properties: { up: { $ref: '#/$defs/a~1b' } } } },
    });
    expect(escaped[1]).toContain('recursive');
    // A property named like a data keyword is still a schema.
    const named = refusal({ type: 'object', properties: { default: { $ref: '#' } } });
    expect(named[1]).toContain('recursive');
  });
});
