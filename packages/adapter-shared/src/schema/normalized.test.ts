import { describe, expect, test } from 'bun:test';
import { bfclFunctions, githubTools } from '@armorer/adapter-fixtures/real-declarations';
import { parameterSchema, type Schema, zodInputSchema } from '@armorer/adapter-fixtures/schema-arbitraries';
import { WILD_TOOLS } from '@armorer/adapter-fixtures/wild-declarations';
import fc from 'fast-check';
import { z } from 'zod';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { normalizeParameterSchema, normalizeSharedSchema } from './normalize-schema';
import { sharedNormalized } from './normalized';

/** A normalization's outcome as text: the JSON of the result (keys in order), or the error it threw. */
function outcome(normalize: () => unknown): string {
  try {
    return `ok ${JSON.stringify(normalize())}`;
  } catch (error) {
    if (!ProviderAdapterError.isInstance(error)) throw error;
    return `error ${error.code} ${error.path} ${error.message}`;
  }
}

/** Copying and sharing normalization agree, and neither touches the schema. */
function expectSameNormalization(schema: unknown): void {
  const before = JSON.stringify(schema);
  expect(outcome(() => normalizeSharedSchema('t', schema))).toBe(
    outcome(() => normalizeParameterSchema('t', schema)),
  );
  expect(JSON.stringify(schema)).toBe(before);
}

/** Every schema node of a schema, in walk order (the places a perturbation can go). */
function nodes(schema: unknown, out: Schema[] = []): Schema[] {
  if (typeof schema !== 'object' || schema === null) return out;
  if (Array.isArray(schema)) {
    for (const item of schema) nodes(item, out);
    return out;
  }
  out.push(schema as Schema);
  for (const value of Object.values(schema)) nodes(value, out);
  return out;
}

/** Forms normalization rewrites (or keeps), put into one node of an otherwise normal schema. */
const PERTURBATIONS: readonly ((node: Schema) => void)[] = [
  (node) => {
    node['type'] = 'STRING';
  },
  (node) => {
    node['type'] = ['integer', 'integer'];
  },
  (node) => {
    node['type'] = ['number'];
  },
  (node) => {
    node['type'] = ['number', 'null'];
  },
  (node) => {
    node['type'] = 'any';
  },
  (node) => {
    node['type'] = 'dict';
  },
  (node) => {
    node['nullable'] = true;
  },
  (node) => {
    node['optional'] = true;
  },
  (node) => {
    node['format'] = 'enum';
  },
  (node) => {
    node['example'] = 3;
  },
  (node) => {
    node['minItems'] = '2';
  },
  (node) => {
    node['maxLength'] = 'ten';
  },
  (node) => {
    node['exclusiveMinimum'] = true;
    node['minimum'] = 1;
  },
  (node) => {
    node['required'] = ['a', 3];
  },
  (node) => {
    node['required'] = 'a';
  },
  (node) => {
    node['items'] = [{ type: 'string' }];
  },
  (node) => {
    node['additionalItems'] = { type: 'number' };
  },
  (node) => {
    node['type'] = 'integer';
    node['enum'] = ['1', 2];
  },
  (node) => {
    node['enum'] = ['1', 'b'];
  },
  (node) => {
    node['not'] = 3;
  },
  (node) => {
    node['anyOf'] = 'not a list';
  },
  (node) => {
    node['properties'] = JSON.parse('{"__proto__": {"type": "string"}}');
  },
  (node) => {
    // `type` last: normalization moves it first.
    const { type, ...rest } = node;
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, rest, type === undefined ? { type: 'string' } : { type });
  },
];

const zodJson = zodInputSchema.map(
  (schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema,
);

describe('sharedNormalized (normalization without copies)', () => {
  test('schemas made by Zod are normal: shared, and normalized to what copying gives', () => {
    fc.assert(
      fc.property(zodJson, (schema) => {
        expect(sharedNormalized(schema)).toBeDefined();
        expectSameNormalization(schema);
      }),
      { numRuns: 300, seed: 20261202 },
    );
  });

  test('generated declarations, their normal forms and perturbations of those normalize alike', () => {
    fc.assert(
      fc.property(
        fc.oneof(parameterSchema, zodJson),
        fc.nat(),
        fc.nat({ max: PERTURBATIONS.length - 1 }),
        (schema, at, which) => {
          expectSameNormalization(schema);
          const normal = outcome(() => normalizeParameterSchema('t', schema));
          if (!normal.startsWith('ok ')) return;
          const copy = JSON.parse(normal.slice(3)) as Schema;
          expect(sharedNormalized(copy)).toBeDefined();
          expectSameNormalization(copy);
          const places = nodes(copy);
          (PERTURBATIONS[which] as (node: Schema) => void)(places[at % places.length] as Schema);
          expectSameNormalization(copy);
        },
      ),
      { numRuns: 500, seed: 20261202 },
    );
  });

  test('real and wild declarations normalize alike', () => {
    for (const fn of bfclFunctions()) expectSameNormalization(fn.parameters);
    for (const tool of githubTools()) expectSameNormalization(tool.inputSchema);
    for (const tool of WILD_TOOLS) expectSameNormalization(tool.inputSchema);
    expectSameNormalization(true);
    expectSameNormalization([]);
    expectSameNormalization({ type: 'string' });
  });

  test('a composed node shared between places is copied apart, as copying normalization does', () => {
    const nullable = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    const dag = { type: 'object', properties: { a: { allOf: [nullable, nullable] }, b: nullable } };
    expect(sharedNormalized(dag)).toBeUndefined();
    expectSameNormalization(dag);
    const leaf = { type: 'string' };
    const sharedLeaf = { type: 'object', properties: { a: leaf, b: leaf } };
    expect(sharedNormalized(sharedLeaf)).toBe(sharedLeaf);
    const both = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/x', anyOf: [leaf] } },
      $defs: { x: leaf },
    };
    expect(sharedNormalized(both)).toBe(both);
  });

  test('only key order or subschemas changed: a shallow copy, unchanged parts shared', () => {
    const items = { type: 'string' };
    const labels = { maxItems: 10, type: 'array', items };
    const id = { type: 'string' };
    const schema = { type: 'object', properties: { id, labels }, required: ['id'] };
    const shared = sharedNormalized(schema) as { properties: Record<string, Record<string, unknown>> };
    expect(JSON.stringify(shared)).toBe(
      '{"type":"object","properties":{"id":{"type":"string"},"labels":{"type":"array","maxItems":10,"items":{"type":"string"}}},"required":["id"]}',
    );
    expect(shared.properties['id']).toBe(id);
    expect(shared.properties['labels']?.['items']).toBe(items);
    expect(sharedNormalized(id)).toBe(id);
  });
});
