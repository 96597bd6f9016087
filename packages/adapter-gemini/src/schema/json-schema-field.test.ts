import { describe, expect, test } from 'bun:test';
import { WarningCollector } from '@armorer/adapter-shared';
import { toJsonSchemaField } from './json-schema-field';

function convert(schema: Record<string, unknown>) {
  const collector = new WarningCollector('gemini', 't');
  const out = toJsonSchemaField(schema, collector);
  return {
    out,
    warnings: collector.warnings.map((warning) =>
      `${warning.code} ${warning.path || '(root)'} ${warning.keyword ?? ''}`.trim(),
    ),
  };
}

describe('toJsonSchemaField (FunctionDeclaration.parametersJsonSchema)', () => {
  test('keeps the supported keywords, rewrites the rewritable and reports the rest', () => {
    const { out, warnings } = convert({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 3, pattern: '^[A-Z]+$', default: 'ABC' },
        kind: { const: 'fixed' },
        none: { const: null },
        shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        level: { enum: ['a', null], type: ['string', 'null'], description: 'Level' },
        flag: { enum: [true, false] },
        count: { type: 'integer', exclusiveMinimum: 0 },
        pair: {
          type: 'array',
          prefixItems: [{ type: 'string' }, { type: 'number' }],
          items: false,
          minItems: 2,
          maxItems: 2,
        },
        map: { type: 'object', additionalProperties: { type: 'number' } },
      },
      required: ['code'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        code: { type: 'string' },
        kind: { enum: ['fixed'] },
        none: { type: 'null' },
        shape: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        level: { anyOf: [{ enum: ['a'], type: 'string' }, { type: 'null' }], description: 'Level' },
        flag: {},
        count: { type: 'integer', minimum: 1 },
        pair: {
          type: 'array',
          prefixItems: [{ type: 'string' }, { type: 'number' }],
          minItems: 2,
          maxItems: 2,
        },
        map: { type: 'object', additionalProperties: { type: 'number' } },
      },
      required: ['code'],
    });
    expect(warnings).toEqual([
      'UNSUPPORTED_KEYWORD /properties/code minLength',
      'UNSUPPORTED_KEYWORD /properties/code pattern',
      'RELAXED_KEYWORD /properties/shape oneOf',
      'UNSUPPORTED_KEYWORD /properties/flag enum',
    ]);
  });

  test('references: definitions become $defs, and a $ref stands alone', () => {
    const { out, warnings } = convert({
      type: 'object',
      properties: { next: { $ref: '#/definitions/node', description: 'Next node' } },
      definitions: { node: { type: 'object', properties: { next: { $ref: '#/definitions/node' } } } },
    });
    expect(out).toEqual({
      type: 'object',
      properties: { next: { anyOf: [{ $ref: '#/$defs/node' }], description: 'Next node' } },
      $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
    });
    expect(warnings).toEqual([]);
  });
});
