import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import { WarningList } from '../import/warnings';
import { type SchemaMode, SchemaNormalizer } from './normalize-schema';

function normalize(document: Record<string, unknown>, schema: unknown, mode: SchemaMode = 'request') {
  const warnings = new WarningList();
  const normalizer = new SchemaNormalizer(document, warnings);
  const dependencies = new Set<string>();
  const result = normalizer.normalize(schema, '#/test', mode, dependencies);
  return { result, defs: normalizer.definitionsOf(dependencies), warnings: warnings.items };
}

describe('SchemaNormalizer', () => {
  test('OpenAPI 3.0 nullable and boolean exclusive bounds become 2020-12', () => {
    const { result } = normalize(
      { openapi: '3.0.3' },
      {
        type: 'object',
        properties: {
          name: { type: 'string', nullable: true },
          level: { type: 'string', enum: ['a', 'b'], nullable: true },
          count: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
          any: { nullable: true, description: 'anything or null' },
        },
      },
    );
    expect(result).toEqual({
      type: 'object',
      properties: {
        name: { type: ['string', 'null'] },
        level: { type: ['string', 'null'], enum: ['a', 'b', null] },
        count: { type: 'integer', exclusiveMinimum: 0, maximum: 9 },
        any: { anyOf: [{ description: 'anything or null' }, { type: 'null' }] },
      },
    });
  });

  test('local $refs become $defs that travel with the schema, recursion included', () => {
    const document = {
      openapi: '3.1.0',
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              value: { $ref: '#/components/schemas/Value' },
              next: { $ref: '#/components/schemas/Node' },
            },
          },
          Value: { type: 'number', 'x-internal': true },
        },
      },
    };
    const { result, defs, warnings } = normalize(document, {
      $ref: '#/components/schemas/Node',
      description: 'head',
    });
    expect(warnings).toEqual([]);
    expect(result).toEqual({ $ref: '#/$defs/Node', description: 'head' });
    expect(defs).toEqual({
      Node: {
        type: 'object',
        properties: { value: { $ref: '#/$defs/Value' }, next: { $ref: '#/$defs/Node' } },
      },
      Value: { type: 'number' },
    });
    const schema = z.fromJSONSchema({ type: 'object', properties: { head: result }, $defs: defs } as never);
    expect(schema.safeParse({ head: { value: 1, next: { value: 2 } } }).success).toBe(true);
    expect(schema.safeParse({ head: { value: 1, next: { value: 'two' } } }).success).toBe(false);
  });

  test('3.1 $ref siblings that constrain are kept with allOf; 3.0 siblings are ignored', () => {
    const components = { components: { schemas: { S: { type: 'string' } } } };
    const sibling = { $ref: '#/components/schemas/S', maxLength: 3 };
    expect(normalize({ openapi: '3.1.0', ...components }, sibling).result).toEqual({
      allOf: [{ $ref: '#/$defs/S' }, { maxLength: 3 }],
    });
    expect(normalize({ openapi: '3.0.0', ...components }, sibling).result).toEqual({ $ref: '#/$defs/S' });
  });

  test('unresolvable and external references are warnings and accept anything', () => {
    const { result, warnings } = normalize(
      { openapi: '3.1.0' },
      {
        type: 'object',
        properties: { a: { $ref: '#/components/schemas/Missing' }, b: { $ref: 'other.yaml#/X' } },
      },
    );
    expect(result).toEqual({ type: 'object', properties: { a: {}, b: {} } });
    expect(warnings.map((warning) => [warning.code, warning.pointer])).toEqual([
      ['UNRESOLVED_REF', '#/test/properties/a'],
      ['UNRESOLVED_REF', '#/test/properties/b'],
    ]);
  });

  test('keywords Zod cannot enforce are dropped with a warning; `not: {}` is kept', () => {
    const { result, warnings } = normalize(
      { openapi: '3.1.0' },
      {
        type: 'object',
        not: { required: ['x'] },
        if: { type: 'object' },
        else: {},
        properties: { n: { not: {} } },
      },
    );
    expect(result).toEqual({ type: 'object', properties: { n: { not: {} } } });
    expect(warnings.map((warning) => warning.message)).toEqual([
      '"not" cannot be validated by the tool; it is left to the server.',
      '"if" cannot be validated by the tool; it is left to the server.',
      '"else" cannot be validated by the tool; it is left to the server.',
    ]);
  });

  test('readOnly properties leave request schemas, writeOnly ones leave response schemas', () => {
    const document = {
      openapi: '3.0.0',
      components: { schemas: { Id: { type: 'string', readOnly: true } } },
    };
    const schema = {
      type: 'object',
      required: ['id', 'name', 'secret'],
      properties: {
        id: { $ref: '#/components/schemas/Id' },
        name: { type: 'string' },
        secret: { type: 'string', writeOnly: true },
      },
    };
    const request = normalize(document, schema, 'request').result as Record<string, unknown>;
    expect(Object.keys(request['properties'] as object)).toEqual(['name', 'secret']);
    expect(request['required']).toEqual(['name', 'secret']);
    const response = normalize(document, schema, 'response').result as Record<string, unknown>;
    expect(Object.keys(response['properties'] as object)).toEqual(['id', 'name']);
  });

  test('a property named __proto__ stays a property', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    const { result } = normalize({ openapi: '3.1.0' }, schema);
    const properties = (result as { properties: object }).properties;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__']);
  });

  test('draft-4 tuple items become prefixItems; example becomes examples', () => {
    const { result } = normalize(
      { openapi: '3.0.0' },
      { type: 'array', items: [{ type: 'string' }], example: ['a'] },
    );
    expect(result).toEqual({ type: 'array', prefixItems: [{ type: 'string' }], examples: [['a']] });
  });

  test('any schema-like value never throws, and every reference left resolves in its $defs', () => {
    const schemaLike = fc.letrec((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue({ maxDepth: 2 }),
        fc.record(
          {
            $ref: fc.constantFrom(
              '#/components/schemas/A',
              '#/components/schemas/B',
              '#/nope',
              'x.yaml#/a',
              '#',
              7,
            ),
            type: fc.constantFrom('object', 'string', ['string', 'null'], 'bogus'),
            nullable: fc.boolean(),
            properties: fc.dictionary(fc.string({ maxLength: 4 }), tie('schema'), { maxKeys: 3 }),
            items: fc.oneof(tie('schema'), fc.array(tie('schema'), { maxLength: 2 })),
            allOf: fc.array(tie('schema'), { maxLength: 2 }),
            not: tie('schema'),
            required: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
            exclusiveMinimum: fc.oneof(fc.boolean(), fc.integer()),
          },
          { requiredKeys: [] },
        ),
      ),
    }));
    fc.assert(
      fc.property(schemaLike.schema, schemaLike.schema, schemaLike.schema, (schema, a, b) => {
        const document = { openapi: '3.1.0', components: { schemas: { A: a, B: b } } };
        const { result, defs } = normalize(document, schema);
        expect(typeof result === 'boolean' || (typeof result === 'object' && result !== null)).toBe(true);
        const text = JSON.stringify({ result, defs });
        for (const match of text.matchAll(/"\$ref":"([^"]*)"/g)) {
          const ref = match[1] as string;
          expect(ref.startsWith('#/$defs/')).toBe(true);
          expect(defs).toHaveProperty([ref.slice('#/$defs/'.length)]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
