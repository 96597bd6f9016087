import { describe, expect, test } from 'bun:test';
import { WarningCollector } from '@armorer/adapter-shared';
import { toStandardSchema } from './standard-schema';
import { decodeValue, encodeValue } from './strict-codec';
import { STRICT_LIMITS, StrictUnavailable, toStrictCodec, toStrictSchema } from './strict-schema';

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
      '/properties/code minLength',
      '/properties/code maxLength',
      '/properties/code format',
      '/properties/items uniqueItems',
    ]);
  });

  test('what strict mode cannot describe is encoded, and decodes back to the original shape', () => {
    const collector = new WarningCollector('openai', 't');
    const codec = toStrictCodec(
      {
        type: 'object',
        properties: {
          any: {},
          free: { type: 'object' },
          list: { type: 'array' },
          text: { minLength: 1 },
          scores: { type: 'object', additionalProperties: { type: 'number' } },
          meta: { type: 'object', additionalProperties: true, description: 'Free-form' },
        },
        required: ['any', 'free', 'list', 'text', 'scores', 'meta'],
      },
      collector,
    );
    expect(codec.schema['properties']).toEqual({
      any: { type: 'string', description: '(JSON-encoded: any JSON value.)' },
      free: { type: 'string', description: '(JSON-encoded: an object with any keys.)' },
      list: { type: 'array', items: { type: 'string', description: '(JSON-encoded: any JSON value.)' } },
      text: { type: 'string' },
      scores: {
        type: 'array',
        items: {
          type: 'object',
          properties: { key: { type: 'string' }, value: { type: 'number' } },
          required: ['key', 'value'],
          additionalProperties: false,
        },
      },
      meta: { type: 'string', description: 'Free-form (JSON-encoded: an object with any keys and values.)' },
    });
    const value = {
      any: [1],
      free: { a: 1 },
      list: [{ b: 2 }, 'c'],
      text: 'x',
      scores: { a: 1, b: 2 },
      meta: {},
    };
    const sent = encodeValue(codec, codec.root, value);
    expect(sent).toEqual({
      any: '[1]',
      free: '{"a":1}',
      list: ['{"b":2}', '"c"'],
      text: 'x',
      scores: [
        { key: 'a', value: 1 },
        { key: 'b', value: 2 },
      ],
      meta: '{}',
    });
    expect(decodeValue(codec, codec.root, sent)).toEqual(value);
    expect(collector.warnings.every((warning) => warning.tool === 't')).toBe(true);
  });

  test('a top level that is not a plain object is wrapped in one; allOf is merged; only size limits refuse', () => {
    const record = toStrictCodec(
      { type: 'object', additionalProperties: { type: 'string' } },
      new WarningCollector('openai', 't'),
    );
    expect(record.schema).toMatchObject({
      type: 'object',
      required: ['entries'],
      additionalProperties: false,
    });
    expect(decodeValue(record, record.root, { entries: [{ key: 'a', value: 'b' }] })).toEqual({ a: 'b' });
    const merged = strict({
      type: 'object',
      allOf: [{ $ref: '#/$defs/base' }, { properties: { b: { type: 'number' } }, required: ['b'] }],
      $defs: { base: { type: 'object', properties: { a: { type: 'string' } } } },
    }).schema;
    expect(merged['properties']).toEqual({ a: { type: ['string', 'null'] }, b: { type: 'number' } });
    let deep: Record<string, unknown> = { type: 'object', properties: {} };
    for (let level = 0; level < STRICT_LIMITS.depth + 1; level++)
      deep = { type: 'object', properties: { n: deep }, required: ['n'] };
    expect(JSON.stringify(strict(deep).schema)).toContain(
      'JSON-encoded: objects nested deeper than 10 levels',
    );
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
