import { describe, expect, test } from 'bun:test';
import { WarningCollector } from '@armorer/adapter-shared';
import { toOpenApiSchema } from './openapi-schema';

function convert(schema: Record<string, unknown>) {
  const collector = new WarningCollector('gemini', 't');
  const out = toOpenApiSchema(schema, collector) ?? {};
  return {
    out,
    warnings: collector.warnings.map((warning) =>
      `${warning.code} ${warning.path || '(root)'} ${warning.keyword ?? ''}`.trim(),
    ),
  };
}

describe('toOpenApiSchema (FunctionDeclaration.parameters)', () => {
  test('types, nullability, enums and counts in the OpenAPI dialect', () => {
    const { out, warnings } = convert({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Z]' },
        maybe: { type: ['string', 'null'] },
        either: { type: ['string', 'number'] },
        level: { type: 'integer', enum: [1, 2, 3] },
        mode: { type: 'string', enum: ['a', 'b', null] },
        fixed: { const: 'only' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, examples: [['x']] },
        count: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
        ratio: { type: 'number', exclusiveMaximum: 1 },
        nothing: { type: 'null' },
      },
      required: ['name'],
    });
    expect(out).toEqual({
      type: 'OBJECT',
      properties: {
        name: { type: 'STRING', minLength: '1', maxLength: '40', pattern: '^[A-Z]' },
        maybe: { type: 'STRING', nullable: true },
        either: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] },
        level: { type: 'INTEGER', enum: ['1', '2', '3'], format: 'enum' },
        mode: { type: 'STRING', enum: ['a', 'b'], format: 'enum', nullable: true },
        fixed: { type: 'STRING', enum: ['only'], format: 'enum' },
        tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1', example: ['x'] },
        count: { type: 'INTEGER', minimum: 1, maximum: 9 },
        ratio: { type: 'NUMBER', maximum: 1 },
        nothing: { type: 'NULL' },
      },
      required: ['name'],
    });
    expect(warnings).toEqual(['RELAXED_KEYWORD /properties/ratio exclusiveMaximum']);
  });

  test('references are inlined; recursion is expanded three levels; open maps and untyped values are left out and reported', () => {
    const { out, warnings } = convert({
      type: 'object',
      properties: {
        home: { $ref: '#/$defs/address', description: 'Home address' },
        tree: { $ref: '#/$defs/node' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        anything: { description: 'Any value' },
        closed: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      },
      $defs: {
        address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/node' } } },
      },
    });
    expect((out['properties'] as Record<string, unknown>)['home']).toEqual({
      type: 'OBJECT',
      description: 'Home address',
      properties: { city: { type: 'STRING' } },
      required: ['city'],
    });
    const level = (child?: unknown) => ({
      type: 'OBJECT',
      properties: child === undefined ? { name: { type: 'STRING' } } : { name: { type: 'STRING' }, child },
    });
    expect((out['properties'] as Record<string, unknown>)['tree']).toEqual(level(level(level())));
    expect(Object.keys(out['properties'] as object)).toEqual(['home', 'tree', 'closed']);
    expect(out['$defs']).toBeUndefined();
    expect(warnings).toEqual([
      'UNSUPPORTED_KEYWORD /properties/tree/properties/child/properties/child/properties/child $ref',
      'UNSUPPORTED_KEYWORD /properties/labels additionalProperties',
      'UNSUPPORTED_KEYWORD /properties/labels properties',
      'UNSUPPORTED_KEYWORD /properties/anything type',
      'UNSUPPORTED_KEYWORD /properties/closed additionalProperties',
    ]);
  });

  test('unions: null branches become nullable, oneOf is relaxed, one branch is merged', () => {
    const { out, warnings } = convert({
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        b: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        c: { type: 'string', anyOf: [{ minLength: 1 }, { pattern: 'x' }] },
        d: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
        'bad-name': { type: 'boolean', uniqueItems: true },
      },
    });
    expect(out['properties']).toEqual({
      a: { type: 'STRING', format: 'date-time', nullable: true },
      b: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] },
      c: { type: 'STRING' },
      d: { type: 'ARRAY', items: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] } },
    });
    expect(warnings).toEqual([
      'RELAXED_KEYWORD /properties/b oneOf',
      'UNSUPPORTED_KEYWORD /properties/c/anyOf/0 type',
      'UNSUPPORTED_KEYWORD /properties/c/anyOf/1 type',
      'RELAXED_KEYWORD /properties/d/prefixItems prefixItems',
      'INVALID_PROPERTY_NAME /properties/bad-name',
    ]);
  });

  test('enums of booleans cannot be listed and are reported', () => {
    const { out, warnings } = convert({
      type: 'object',
      properties: { flag: { type: 'boolean', enum: [true] } },
    });
    expect(out['properties']).toEqual({ flag: { type: 'BOOLEAN' } });
    expect(warnings).toEqual(['UNSUPPORTED_KEYWORD /properties/flag enum']);
  });
});
