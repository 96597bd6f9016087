import { describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { normalizeParameterSchema } from './normalize-schema';

describe('normalizeParameterSchema', () => {
  test('maps BFCL types and optional: true', () => {
    const schema = normalizeParameterSchema('triangle_properties.get', {
      type: 'dict',
      properties: {
        side: { type: 'float', description: 'A side' },
        count: { type: 'integer' },
        point: { type: 'tuple', items: { type: 'float' } },
        anything: { type: 'any', description: 'Whatever' },
        get_area: { type: 'boolean', default: true, optional: true },
      },
      required: ['side', 'get_area'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        side: { type: 'number', description: 'A side' },
        count: { type: 'integer' },
        point: { type: 'array', items: { type: 'number' } },
        anything: { description: 'Whatever' },
        get_area: { type: 'boolean', default: true },
      },
      required: ['side'],
    });
  });

  test('maps the OpenAPI dialect Gemini uses', () => {
    const schema = normalizeParameterSchema('pick', {
      type: 'OBJECT',
      propertyOrdering: ['floor', 'name'],
      properties: {
        floor: { type: 'INTEGER', format: 'enum', enum: ['101', '201'], nullable: true },
        name: { type: 'STRING', minLength: '2', maxLength: '40', example: 'Ada' },
        tags: { type: 'ARRAY', items: { type: 'STRING' }, maxItems: '3' },
        level: { type: 'STRING', format: 'enum', enum: ['low', 'high'] },
      },
      required: ['name'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        floor: { type: ['integer', 'null'], enum: [101, 201, null] },
        name: { type: 'string', minLength: 2, maxLength: 40, examples: ['Ada'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        level: { type: 'string', enum: ['low', 'high'] },
      },
      required: ['name'],
    });
  });

  test('turns draft-04 tuples into prefixItems and fills in an absent schema', () => {
    expect(
      normalizeParameterSchema('t', {
        properties: {
          pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
      },
    });
    expect(normalizeParameterSchema('t', undefined)).toEqual({ type: 'object', properties: {} });
  });

  test('is idempotent', () => {
    const once = normalizeParameterSchema('x', {
      type: 'dict',
      properties: {
        a: { type: 'STRING', nullable: true, enum: ['x'] },
        b: { type: 'float', optional: true },
      },
      required: ['a', 'b'],
    });
    expect(normalizeParameterSchema('x', once)).toEqual(once);
  });

  test('refuses unknown types, non-object roots and non-schemas, naming the tool and the place', () => {
    const attempts: [unknown, RegExp][] = [
      [
        { type: 'object', properties: { a: { type: 'decimal' } } },
        /Tool "bad": unknown type "decimal" at \/properties\/a/,
      ],
      [{ type: 'string' }, /must have type "object"/],
      [{ type: 'object', properties: { a: 5 } }, /a schema must be an object at \/properties\/a/],
      [{ type: 'object', properties: { a: { type: 7 } } }, /"type" must be a string/],
      ['schema', /a schema must be an object/],
    ];
    for (const [schema, message] of attempts) {
      let caught: unknown;
      try {
        normalizeParameterSchema('bad', schema);
      } catch (error) {
        caught = error;
      }
      expect(ProviderAdapterError.isInstance(caught)).toBe(true);
      expect((caught as ProviderAdapterError).code).toBe('INVALID_DECLARATION');
      expect((caught as Error).message).toMatch(message);
    }
  });
});
