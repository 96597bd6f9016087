import { describe, expect, test } from 'bun:test';
import { WarningCollector } from '@armorer/adapter-shared';
import { toStandardSchema } from './standard-schema';
import { STRICT_LIMITS, StrictUnavailable, toStrictSchema } from './strict-schema';

function strict(schema: Record<string, unknown>) {
  const collector = new WarningCollector('openai', 't');
  return { schema: toStrictSchema(schema, collector), warnings: collector.warnings };
}

function unavailable(schema: Record<string, unknown>): StrictUnavailable {
  try {
    toStrictSchema(schema, new WarningCollector('openai', 't'));
  } catch (error) {
    if (error instanceof StrictUnavailable) return error;
    throw error;
  }
  throw new Error('expected StrictUnavailable');
}

describe('toStrictSchema', () => {
  test('references stand alone, definitions are converted, oneOf becomes anyOf', () => {
    const { schema, warnings } = strict({
      type: 'object',
      properties: {
        node: { $ref: '#/$defs/node', description: 'The tree' },
        shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['node', 'shape'],
      $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        node: { anyOf: [{ $ref: '#/$defs/node' }], description: 'The tree' },
        shape: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['node', 'shape'],
      additionalProperties: false,
      $defs: {
        node: {
          type: 'object',
          properties: { next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } },
          required: ['next'],
          additionalProperties: false,
        },
      },
    });
    expect(warnings.map((warning) => [warning.code, warning.keyword])).toEqual([
      ['RELAXED_KEYWORD', 'oneOf'],
    ]);
  });

  test('unsupported keywords are left out and reported; nulls already allowed stay as they are', () => {
    const { schema, warnings } = strict({
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 3, maxLength: 3, format: 'uri' },
        items: { type: 'array', items: { type: 'integer', multipleOf: 2 }, uniqueItems: true },
        maybe: { type: ['string', 'null'], $comment: 'ignored' },
      },
      allOf: [{ required: ['code'] }],
      required: ['code'],
    });
    expect(schema['properties']).toEqual({
      code: { type: 'string' },
      items: { type: ['array', 'null'], items: { type: 'integer', multipleOf: 2 } },
      maybe: { type: ['string', 'null'] },
    });
    expect(warnings.map((warning) => `${warning.path || '(root)'} ${warning.keyword}`)).toEqual([
      '(root) allOf',
      '/properties/code minLength',
      '/properties/code maxLength',
      '/properties/code format',
      '/properties/items uniqueItems',
    ]);
  });

  test('what strict mode cannot say is refused with the place and the reason', () => {
    expect(unavailable({ type: 'object', properties: { x: {} } })).toMatchObject({
      path: '/properties/x',
      reason: 'accepts any value',
    });
    expect(unavailable({ type: 'object', properties: { x: { type: 'object' } } }).reason).toBe(
      'is an object with free-form keys',
    );
    expect(unavailable({ type: 'object', properties: { x: { type: 'array' } } }).reason).toBe(
      'is an array without an item schema',
    );
    expect(unavailable({ type: 'object', properties: { x: { minLength: 1 } } }).reason).toBe(
      'does not constrain its type',
    );
    expect(unavailable({ type: 'array' }).reason).toBe('the top level is not an object schema');
    let deep: Record<string, unknown> = { type: 'object', properties: {} };
    for (let level = 0; level < STRICT_LIMITS.depth + 1; level++)
      deep = { type: 'object', properties: { n: deep }, required: ['n'] };
    expect(unavailable(deep).reason).toContain('deeper than 10 levels');
    const many = Object.fromEntries(
      Array.from({ length: 1001 }, (_, index) => [`p${index}`, { type: 'string', enum: ['a'] }]),
    );
    expect(unavailable({ type: 'object', properties: many }).reason).toContain('more than 1000 enum values');
  });

  test('converting a strict schema again changes nothing', () => {
    const once = strict({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { enum: ['x', 'y'] } } } },
      required: ['a'],
    }).schema;
    expect(strict(once).schema).toEqual(once);
  });
});

describe('toStandardSchema', () => {
  test('keeps everything but what OpenAI refuses at the top level', () => {
    const collector = new WarningCollector('openai', 't');
    const schema = toStandardSchema(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { a: { type: 'string', minLength: 2, anyOf: [{ format: 'email' }, { format: 'uri' }] } },
        oneOf: [{ required: ['a'] }],
        not: { required: ['b'] },
      },
      collector,
    );
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string', minLength: 2, anyOf: [{ format: 'email' }, { format: 'uri' }] } },
    });
    expect(collector.warnings.map((warning) => warning.keyword)).toEqual(['oneOf', 'not']);
    expect(toStandardSchema({ properties: {} }, collector)).toEqual({ type: 'object', properties: {} });
  });
});
