import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { normalizeParameterSchema } from './normalize-schema';
import { resolveReferences, SchemaReferenceError } from './references';

function refError(schema: Record<string, unknown>): SchemaReferenceError {
  try {
    resolveReferences(schema);
  } catch (error) {
    if (error instanceof SchemaReferenceError) return error;
    throw error;
  }
  throw new Error('expected a SchemaReferenceError');
}

describe('resolveReferences', () => {
  test('a pointer into properties (zod-to-json-schema style) is hoisted under $defs', () => {
    const schema = {
      type: 'object',
      properties: {
        data: { type: 'object', properties: { name: { type: 'string', minLength: 1 } } },
        alias: { $ref: '#/properties/data/properties/name', description: 'Same as data.name' },
      },
    };
    const out = resolveReferences(schema);
    expect(out).toEqual({
      type: 'object',
      properties: {
        data: schema.properties.data,
        alias: { $ref: '#/$defs/properties_data_properties_name', description: 'Same as data.name' },
      },
      $defs: { properties_data_properties_name: { type: 'string', minLength: 1 } },
    });
    const zod = z.fromJSONSchema(out as never);
    expect(zod.safeParse({ alias: 'x' }).success).toBe(true);
    expect(zod.safeParse({ alias: '' }).success).toBe(false);
  });

  test('recursion through a pointer stays recursion; definitions become $defs; anchors and $id resolve', () => {
    const tree = {
      type: 'object',
      properties: {
        root: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/properties/root' } } },
        },
      },
    };
    const out = resolveReferences(tree);
    expect(out['$defs']).toEqual({
      properties_root: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/$defs/properties_root' } } },
      },
    });
    const zod = z.fromJSONSchema(out as never);
    expect(zod.safeParse({ root: { children: [{ children: [] }] } }).success).toBe(true);
    expect(zod.safeParse({ root: { children: [{ children: [3] }] } }).success).toBe(false);

    expect(
      resolveReferences({
        type: 'object',
        properties: {
          a: { $ref: '#/definitions/x' },
          b: { $ref: '#x' },
          c: { $ref: 'urn:s#/definitions/x' },
        },
        $id: 'urn:s',
        definitions: { x: { type: 'string' }, y: { $anchor: 'x', type: 'number' } },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/x' },
        b: { $ref: '#/$defs/y' },
        c: { $ref: '#/$defs/x' },
      },
      $id: 'urn:s',
      $defs: { x: { type: 'string' }, y: { $anchor: 'x', type: 'number' } },
    });
  });

  test('a schema without references is returned as it is', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(resolveReferences(schema)).toBe(schema);
    const named = { type: 'object', properties: { $ref: { type: 'string' } } };
    expect(resolveReferences(named)).toEqual(named);
  });

  test('remote and dangling references name the place', () => {
    expect(
      refError({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }),
    ).toMatchObject({
      path: '/properties/a',
      remote: true,
    });
    expect(
      refError({ type: 'object', properties: { a: { items: { $ref: '#/$defs/missing' } } } }),
    ).toMatchObject({
      path: '/properties/a/items',
      remote: false,
    });
  });

  test('normalizeParameterSchema reports reference errors with their code and path', () => {
    try {
      normalizeParameterSchema('t', { type: 'object', properties: { a: { $ref: 'other.json#/x' } } });
      throw new Error('expected an error');
    } catch (error) {
      expect(ProviderAdapterError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'REMOTE_REFERENCE', path: '/properties/a' });
    }
  });

  test('draft-4 exclusive bounds become numbers; a root object always lists properties', () => {
    expect(
      normalizeParameterSchema('t', {
        type: 'object',
        properties: {
          a: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
        },
      }),
    ).toEqual({ type: 'object', properties: { a: { type: 'number', exclusiveMinimum: 0, maximum: 9 } } });
    expect(normalizeParameterSchema('t', { type: 'object' })).toEqual({ type: 'object', properties: {} });
  });
});
