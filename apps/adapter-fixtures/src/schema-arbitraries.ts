import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check generators of tool parameter schemas in the shapes real MCP servers and function-calling
 * datasets ship: JSON Schemas (draft-4 bounds, `definitions`, references to any JSON Pointer, records,
 * unions, `allOf` composition, nullable type lists, free-form values) and Zod schemas.
 */
export type Schema = Record<string, unknown>;

const NAMES = ['query', 'limit', 'owner', 'repo', 'path', 'mode', 'bad-name', 'a.b', 'tags', 'meta', 'x'];
const FORMATS = ['date-time', 'email', 'uri', 'uuid', 'date'];
const described = <T extends Schema>(schema: fc.Arbitrary<T>): fc.Arbitrary<Schema> =>
  fc
    .tuple(
      schema,
      fc.option(fc.constantFrom('The value.', 'Filter, e.g. "open"', 'Ünïcode ✓'), { nil: undefined }),
    )
    .map(([node, description]) => (description === undefined ? node : { ...node, description }));

const stringSchema = fc.record(
  {
    type: fc.constant('string'),
    minLength: fc.integer({ min: 0, max: 3 }),
    maxLength: fc.integer({ min: 5, max: 50 }),
    pattern: fc.constant('^[a-z0-9 .-]*$'),
    format: fc.constantFrom(...FORMATS),
    default: fc.constant('abc'),
  },
  { requiredKeys: ['type'] },
);

const numberSchema = fc
  .tuple(
    fc.constantFrom('number', 'integer'),
    fc.option(fc.integer({ min: -5, max: 0 }), { nil: undefined }),
    fc.option(fc.integer({ min: 10, max: 100 }), { nil: undefined }),
    fc.constantFrom('inclusive', 'draft4', 'draft2020'),
  )
  .map(([type, minimum, maximum, bounds]): Schema => {
    const out: Schema = { type };
    if (minimum !== undefined) {
      if (bounds === 'draft2020') out['exclusiveMinimum'] = minimum;
      else out['minimum'] = minimum;
      if (bounds === 'draft4') out['exclusiveMinimum'] = true;
    }
    if (maximum !== undefined) {
      out['maximum'] = maximum;
      if (bounds === 'draft4') out['exclusiveMaximum'] = false;
    }
    return out;
  });

const leaf: fc.Arbitrary<Schema> = described(
  fc.oneof(
    stringSchema,
    numberSchema,
    fc.constant({ type: 'boolean' }),
    fc.constant({ type: 'null' }),
    fc.constant({ type: ['string', 'null'] }),
    fc.constant({ type: ['string', 'number'] }),
    fc.constant({ type: 'string', enum: ['open', 'closed', 'all'] }),
    fc.constant({ type: ['string', 'null'], enum: ['asc', 'desc', null] }),
    fc.constant({ type: 'integer', enum: [1, 2, 3] }),
    fc.constant({ const: 'fixed' }),
    fc.constant({}),
    fc.constant({ type: 'object' }),
    fc.constant({ type: 'array' }),
    fc.constant({ minLength: 1 }),
  ),
);

/** Property maps with real-world names (some that Gemini's name rules refuse) and a `required` subset. */
function objectOf(child: fc.Arbitrary<Schema>, maxProperties: number): fc.Arbitrary<Schema> {
  return fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: maxProperties }),
      fc.array(child, { minLength: maxProperties, maxLength: maxProperties }),
      fc.array(fc.boolean(), { minLength: maxProperties, maxLength: maxProperties }),
      fc.constantFrom(undefined, false, true, 'schema'),
    )
    .map(([names, children, required, extra]): Schema => {
      const properties = Object.fromEntries(names.map((name, index) => [name, children[index] as Schema]));
      const out: Schema = { type: 'object', properties };
      const requiredNames = names.filter((_, index) => required[index]);
      if (requiredNames.length > 0) out['required'] = requiredNames;
      if (extra === 'schema') out['additionalProperties'] = { type: 'string' };
      else if (extra !== undefined) out['additionalProperties'] = extra;
      return out;
    });
}

const { node } = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    described(objectOf(tie('node'), 3)),
    described(tie('node').map((items) => ({ type: 'array', items }))),
    described(
      fc
        .tuple(tie('node'), fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }))
        .map(
          ([values, minProperties]): Schema =>
            minProperties === undefined
              ? { type: 'object', additionalProperties: values }
              : { type: 'object', additionalProperties: values, minProperties },
        ),
    ),
    described(
      fc.constant({
        type: 'object',
        additionalProperties: { type: 'number' },
        propertyNames: { pattern: '^[a-z]+$' },
      }),
    ),
    described(fc.constant({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] })),
    described(fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((branches) => ({ anyOf: branches }))),
    described(fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((branches) => ({ oneOf: branches }))),
    described(
      fc
        .tuple(objectOf(leaf, 2), objectOf(leaf, 2))
        .map(([a, b]) => ({ allOf: [a, { properties: b['properties'], required: b['required'] ?? [] }] })),
    ),
    described(tie('node').map((inner) => ({ anyOf: [inner, { type: 'null' }] }))),
  ),
}));

/** How references appear: none, `$defs`, draft-7 `definitions`, a pointer into `properties`, recursion. */
type RefStyle = 'none' | '$defs' | 'definitions' | 'pointer' | 'recursive' | 'root';

/** A tool's parameter schema: an object at the top, in one of the reference styles real servers use. */
export const parameterSchema: fc.Arbitrary<Schema> = fc
  .tuple(
    objectOf(node, 4),
    node,
    fc.constantFrom<RefStyle>('none', '$defs', 'definitions', 'pointer', 'recursive', 'root'),
    fc.constantFrom('none', 'any-required', 'empty', 'missing-properties'),
  )
  .map(([root, shared, style, shape]): Schema => {
    const out: Schema = { ...root };
    const properties = { ...(root['properties'] as Schema) };
    if (shape === 'empty') return { type: 'object', properties: {} };
    if (shape === 'missing-properties') return { type: 'object' };
    if (shape === 'any-required') {
      const names = Object.keys(properties).slice(0, 2);
      if (names.length === 2) out['anyOf'] = names.map((name) => ({ required: [name] }));
    }
    if (style === '$defs') {
      out['$defs'] = { shared };
      properties['ref_a'] = { $ref: '#/$defs/shared', description: 'Shared shape' };
    } else if (style === 'definitions') {
      out['definitions'] = { shared };
      properties['ref_a'] = { $ref: '#/definitions/shared' };
    } else if (style === 'pointer') {
      const [first] = Object.keys(properties);
      if (first !== undefined)
        properties['ref_a'] = { $ref: `#/properties/${first.replaceAll('~', '~0').replaceAll('/', '~1')}` };
    } else if (style === 'recursive') {
      out['$defs'] = {
        tree: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/tree' } },
          },
          required: ['label'],
        },
      };
      properties['ref_a'] = { $ref: '#/$defs/tree' };
    } else if (style === 'root') {
      properties['ref_a'] = { type: 'array', items: { $ref: '#' }, maxItems: 2 };
    }
    out['properties'] = properties;
    return out;
  });

/** Zod schemas of tool inputs, built from the Zod API a TypeScript tool author uses. */
const zodLeaf: fc.Arbitrary<z.ZodType> = fc.constantFrom<z.ZodType>(
  z.string(),
  z.string().min(1).max(20),
  z.email(),
  z.iso.datetime(),
  z.number().int().min(0).max(100),
  z.number().gt(0),
  z.boolean(),
  z.enum(['low', 'medium', 'high']),
  z.literal('fixed'),
  z.null(),
  z.any(),
  z.unknown(),
  z.string().nullable(),
  z.string().default('x'),
);

const zodNode: fc.Arbitrary<z.ZodType> = fc.letrec<{ zod: z.ZodType }>((tie) => ({
  zod: fc.oneof(
    { depthSize: 'small' },
    zodLeaf,
    tie('zod').map((inner) => z.array(inner)),
    tie('zod').map((inner) => z.record(z.string(), inner)),
    fc.tuple(tie('zod'), tie('zod')).map(([a, b]) => z.union([a, b])),
    fc.tuple(tie('zod'), tie('zod')).map(([a, b]) => z.object({ a, b: b.optional() })),
    fc.tuple(tie('zod'), tie('zod')).map(([a, b]) => z.tuple([a, b])),
    fc.constant(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), value: z.string() }),
        z.object({ kind: z.literal('b'), count: z.number() }),
      ]),
    ),
    fc.constant(z.object({ open: z.string() }).loose()),
  ),
})).zod;

/** A Zod object schema of a tool's input (some properties optional, nullable or with defaults). */
export const zodInputSchema: fc.Arbitrary<z.ZodObject> = fc
  .uniqueArray(
    fc.tuple(fc.constantFrom(...NAMES), zodNode, fc.constantFrom('required', 'optional', 'nullish')),
    { minLength: 0, maxLength: 4, selector: ([name]) => name },
  )
  .map((entries) =>
    z.object(
      Object.fromEntries(
        entries.map(([name, schema, mode]) => [
          name,
          mode === 'optional' ? schema.optional() : mode === 'nullish' ? schema.nullish() : schema,
        ]),
      ),
    ),
  );
