import { describe, expect, test } from 'bun:test';
import { WarningCollector } from '@armorer/adapter-shared';
import { toFullJsonSchemaField, toJsonSchemaField } from './json-schema-field';

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

describe('toFullJsonSchemaField (parametersJsonSchema with the whole schema)', () => {
  function full(schema: Record<string, unknown>) {
    const collector = new WarningCollector('gemini', 't');
    const out = toFullJsonSchemaField(schema, collector);
    return {
      out,
      warnings: collector.warnings.map((warning) =>
        `${warning.code} ${warning.path || '(root)'} ${warning.keyword ?? ''}`.trim(),
      ),
    };
  }

  test('keeps every keyword; what Gemini does not follow is declared and reported, never left out', () => {
    const { out, warnings } = full({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 3, pattern: '^[A-Z]+$', default: 'ABC' },
        kind: { const: 'fixed' },
        shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        level: { enum: ['a', null], type: ['string', 'null'], description: 'Level' },
        flag: { enum: [true, false] },
        count: { type: 'integer', exclusiveMinimum: 0, multipleOf: 2 },
        map: { type: 'object', additionalProperties: { type: 'number' }, propertyNames: { pattern: '^x' } },
        either: { not: { type: 'null' } },
      },
      required: ['code'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 3, pattern: '^[A-Z]+$', default: 'ABC' },
        kind: { enum: ['fixed'] },
        shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        level: { anyOf: [{ enum: ['a'], type: 'string' }, { type: 'null' }], description: 'Level' },
        flag: { enum: [true, false] },
        count: { type: 'integer', exclusiveMinimum: 0, multipleOf: 2 },
        map: { type: 'object', additionalProperties: { type: 'number' }, propertyNames: { pattern: '^x' } },
        either: { not: { type: 'null' } },
      },
      required: ['code'],
    });
    expect(warnings).toEqual([
      'IGNORED_KEYWORD /properties/code minLength',
      'IGNORED_KEYWORD /properties/code pattern',
      'IGNORED_KEYWORD /properties/shape oneOf',
      'IGNORED_KEYWORD /properties/flag enum',
      'IGNORED_KEYWORD /properties/count exclusiveMinimum',
      'IGNORED_KEYWORD /properties/count multipleOf',
      'IGNORED_KEYWORD /properties/map/propertyNames pattern',
      'IGNORED_KEYWORD /properties/map propertyNames',
      'IGNORED_KEYWORD /properties/either not',
    ]);
  });

  test('references are rewritten only in ways that keep their meaning', () => {
    const { out, warnings } = full({
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
