import {
  ANNOTATION_KEYWORDS,
  acceptsNull,
  isJsonObject,
  isUnconstrained,
  isVacuousKeyword,
  type JsonSchema,
  type MutableJsonSchema,
  mergeAllOf,
  pointer,
  typesOf,
  type WarningCollector,
} from '@armorer/adapter-shared';
import type { StrictCodec, StrictDecoder } from './strict-codec';
import { copiedFor, HANDLED, inferTypes, STRICT_FORMATS, STRUCTURAL } from './strict-keywords';
import { type Converted, convertObject } from './strict-object';

/** Structured Outputs limits: properties in total, object nesting, enum values, text of names and values. */
export const STRICT_LIMITS = { properties: 5000, depth: 10, enumValues: 1000, text: 120_000 } as const;

/** Thrown when a schema cannot be declared in strict mode at all (it exceeds a size limit). */
export class StrictUnavailable extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface StrictState {
  readonly root: JsonSchema;
  readonly collector: WarningCollector;
  properties: number;
  enumValues: number;
  text: number;
}

export function countText(state: StrictState, values: readonly unknown[]): void {
  for (const value of values) if (typeof value === 'string') state.text += value.length;
}

/**
 * A value strict mode cannot describe (any value, a free-form object, nesting past the limit): declared
 * as a string holding its JSON, decoded back when the call is parsed.
 */
export function asJsonString(node: unknown, path: string, state: StrictState, what: string): Converted {
  const description =
    isJsonObject(node) && typeof node['description'] === 'string' ? node['description'] : '';
  state.collector.relaxed(path, 'type', `a string holding JSON (${what})`);
  return {
    schema: {
      type: 'string',
      description: `${description}${description.length > 0 ? ' ' : ''}(JSON-encoded: ${what}.)`,
    },
    decoder: { kind: 'json' },
  };
}

/**
 * Makes an optional property's strict schema accept null, the Structured Outputs way of saying
 * "absent"; `undefined` when it already does (then a null the model sends stays null).
 */
export function nullable(converted: Converted, root: JsonSchema): Converted | undefined {
  if (acceptsNull(converted.schema, root)) return undefined;
  return { schema: nullableSchema(converted.schema), decoder: converted.decoder };
}

function union(
  node: JsonSchema,
  base: MutableJsonSchema,
  path: string,
  depth: number,
  state: StrictState,
): Converted {
  const key = Array.isArray(node['oneOf']) ? 'oneOf' : 'anyOf';
  const rawBranches = [...((node['anyOf'] as unknown[]) ?? []), ...((node['oneOf'] as unknown[]) ?? [])];
  if (key === 'oneOf') state.collector.relaxed(path, key, 'anyOf (exclusivity is not enforced by the model)');
  const structural = Object.keys(base).some((keyword) => STRUCTURAL.has(keyword));
  const fragments = rawBranches.every(
    (branch) => isJsonObject(branch) && !Object.keys(branch).some((keyword) => STRUCTURAL.has(keyword)),
  );
  if (fragments && structural) {
    // `anyOf: [{ required: ['a'] }, { required: ['b'] }]` beside the shape: a rule strict mode lacks.
    state.collector.unsupported(path, key, ' in strict mode (the branches only add constraints)');
    return strictNode(base, path, depth, state);
  }
  const branches = rawBranches.map((branch, index) => {
    const merged =
      structural && isJsonObject(branch)
        ? mergeAllOf({ ...base, allOf: [branch] }, state.root).merged
        : branch;
    return strictNode(merged, pointer(pointer(path, key), index), depth, state);
  });
  const annotations: MutableJsonSchema = {};
  for (const keyword of ['description', 'title'] as const)
    if (typeof base[keyword] === 'string') annotations[keyword] = base[keyword];
  return unionOf(branches, node, annotations, path, state);
}

/** The JSON types a strict schema accepts at its top (`undefined`: cannot tell, such as a reference). */
function kinds(schema: JsonSchema): Set<string> | undefined {
  if (Array.isArray(schema['anyOf'])) {
    const out = new Set<string>();
    for (const branch of schema['anyOf']) {
      const inner = isJsonObject(branch) ? kinds(branch) : undefined;
      if (inner === undefined) return undefined;
      for (const kind of inner) out.add(kind);
    }
    return out;
  }
  const values =
    'const' in schema ? [schema['const']] : Array.isArray(schema['enum']) ? schema['enum'] : undefined;
  if (values !== undefined)
    return new Set(
      values.map((value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)),
    );
  const types = typesOf(schema);
  return types === undefined
    ? undefined
    : new Set(types.map((type) => (type === 'integer' ? 'number' : type)));
}

/** The JSON types of values an encoding rewrites at the top (a JSON string is a string, entries an array). */
function encodedKinds(decoder: StrictDecoder | undefined): readonly string[] {
  if (decoder === undefined) return [];
  if (decoder.kind === 'json') return ['string'];
  if (decoder.kind === 'entries') return ['array'];
  if (decoder.kind === 'nullable') return encodedKinds(decoder.inner);
  if (decoder.kind === 'union') return decoder.branches.flatMap((branch) => encodedKinds(branch.decoder));
  return [];
}

/**
 * A union of converted branches. When an encoded branch could be mistaken for another branch (a JSON
 * string beside a string, entries beside an array), the union is declared as one JSON-encoded value,
 * so that every value has exactly one strict form and reads back as itself.
 */
function unionOf(
  branches: readonly Converted[],
  original: unknown,
  annotations: MutableJsonSchema,
  path: string,
  state: StrictState,
): Converted {
  for (const [index, branch] of branches.entries()) {
    const encoded = encodedKinds(branch.decoder);
    if (encoded.length === 0) continue;
    const clash = branches.some((other, at) => {
      if (at === index) return false;
      const accepted = kinds(other.schema);
      return encoded.some((kind) => accepted?.has(kind) === true);
    });
    if (clash)
      return asJsonString(original, path, state, 'a union whose branches strict mode cannot tell apart');
  }
  const decoded = branches.some((branch) => branch.decoder !== undefined);
  return {
    schema: { anyOf: branches.map((branch) => branch.schema), ...annotations },
    decoder: decoded
      ? {
          kind: 'union',
          branches: branches.map((branch) => ({ schema: branch.schema, decoder: branch.decoder })),
        }
      : undefined,
  };
}

function reference(node: JsonSchema, ref: string, path: string, state: StrictState): Converted {
  const target = ref === '#' ? '#' : ref.startsWith('#/$defs/') ? ref.slice(8) : undefined;
  const defs = state.root['$defs'];
  if (target === undefined || (target !== '#' && !(isJsonObject(defs) && target in defs)))
    return asJsonString(node, path, state, 'an unresolvable reference');
  const siblings: MutableJsonSchema = {};
  for (const keyword of ['description', 'title'] as const)
    if (typeof node[keyword] === 'string') siblings[keyword] = node[keyword];
  // Structured Outputs wants a reference on its own; a description moves next to it in a one-branch union.
  const schema = Object.keys(siblings).length === 0 ? { $ref: ref } : { anyOf: [{ $ref: ref }], ...siblings };
  return { schema, decoder: { kind: 'ref', target } };
}

/** Copies the keywords strict mode accepts on a node of `type`; reports the others. */
export function scalar(
  node: JsonSchema,
  type: string | undefined,
  path: string,
  state: StrictState,
): MutableJsonSchema {
  const out: MutableJsonSchema = {};
  const copied = copiedFor(type);
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const value = node[key];
    if (copied.has(key)) out[key] = value;
    else if (key === 'format') {
      if (type === 'string' && typeof value === 'string' && STRICT_FORMATS.has(value)) out[key] = value;
      else state.collector.unsupported(path, key, ` (format ${JSON.stringify(value)})`);
    } else if (!HANDLED.has(key) && !ANNOTATION_KEYWORDS.has(key) && !isVacuousKeyword(key, value))
      state.collector.unsupported(path, key, ' in strict mode');
    if (key === 'enum' && Array.isArray(value)) {
      state.enumValues += value.length;
      countText(state, value);
    } else if (key === 'const') countText(state, [value]);
  }
  if ('default' in node) {
    // Absent arguments still get the default when the call is validated; the model reads it here.
    const text = typeof out['description'] === 'string' ? `${out['description']} ` : '';
    out['description'] = `${text}(default: ${JSON.stringify(node['default'])})`;
    state.collector.unsupported(path, 'default', ' in strict mode (it is named in the description instead)');
  }
  if (type !== undefined) out['type'] = type;
  return out;
}

function typed(node: JsonSchema, type: string, path: string, depth: number, state: StrictState): Converted {
  if (type === 'object') return convertObject(node, path, depth, state);
  if (type === 'array') {
    const out = scalar(node, 'array', path, state);
    const prefix = node['prefixItems'];
    const items = node['items'];
    if (Array.isArray(prefix)) {
      state.collector.relaxed(
        pointer(path, 'prefixItems'),
        'prefixItems',
        'items of any of the positional types',
      );
      const all = isJsonObject(items) ? [...prefix, items] : prefix;
      const unique = [...new Map(all.map((item) => [JSON.stringify(item), item])).values()];
      const converted = union({ anyOf: unique }, {}, path, depth, state);
      const branches = converted.schema['anyOf'];
      out['items'] = Array.isArray(branches) && branches.length === 1 ? branches[0] : converted.schema;
      return {
        schema: out,
        decoder: converted.decoder === undefined ? undefined : { kind: 'array', items: converted.decoder },
      };
    }
    const converted = strictNode(
      isJsonObject(items) || items === true ? items : {},
      pointer(path, 'items'),
      depth,
      state,
    );
    out['items'] = converted.schema;
    return {
      schema: out,
      decoder: converted.decoder === undefined ? undefined : { kind: 'array', items: converted.decoder },
    };
  }
  return { schema: scalar(node, type, path, state), decoder: undefined };
}

/** Converts one schema node to the Structured Outputs subset, with its decoder. */
export function strictNode(node: unknown, path: string, depth: number, state: StrictState): Converted {
  if (node === false) return asJsonString(node, path, state, 'a schema that accepts no value');
  if (!isJsonObject(node) || isUnconstrained(node)) return asJsonString(node, path, state, 'any JSON value');
  if (Array.isArray(node['allOf'])) {
    const { merged, rest } = mergeAllOf(node, state.root);
    if (rest.length > 0)
      state.collector.unsupported(path, 'allOf', ' in strict mode (branches that cannot be merged)');
    return strictNode(merged, path, depth, state);
  }
  if (typeof node['$ref'] === 'string') return reference(node, node['$ref'], path, state);
  if (Array.isArray(node['anyOf']) || Array.isArray(node['oneOf'])) {
    const { anyOf: _any, oneOf: _one, ...base } = node;
    return union(node, base, path, depth, state);
  }
  const types = typesOf(node) ?? inferTypes(node);
  if (types === undefined) {
    if ('enum' in node || 'const' in node)
      return { schema: scalar(node, undefined, path, state), decoder: undefined };
    return asJsonString(node, path, state, 'a value of any type');
  }
  const named = types.filter((type) => type !== 'null');
  const withNull = named.length < types.length;
  let converted: Converted;
  if (named.length === 0) converted = { schema: scalar(node, 'null', path, state), decoder: undefined };
  else if (named.length === 1) converted = typed(node, named[0] as string, path, depth, state);
  else {
    const branches = named.map((type) => typed(node, type, path, depth, state));
    converted = unionOf(branches, node, {}, path, state);
  }
  if (!withNull || named.length === 0) return converted;
  return {
    schema: nullableSchema(converted.schema),
    decoder: converted.decoder === undefined ? undefined : { kind: 'nullable', inner: converted.decoder },
  };
}

/** The schema that also accepts null: `type` gains `null` (and `enum` its null), else a union with null. */
export function nullableSchema(schema: JsonSchema): JsonSchema {
  const types = typesOf(schema);
  if (types !== undefined && !('anyOf' in schema) && !('$ref' in schema) && !('const' in schema)) {
    const enumValues = schema['enum'];
    if (!Array.isArray(enumValues) || enumValues.includes(null))
      return { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * Converts a tool's input JSON Schema to a schema valid for OpenAI Structured Outputs (`strict: true`)
 * and the codec that reads the model's calls back into the tool's own argument shape: optional
 * properties become required and nullable, `oneOf` becomes `anyOf`, `allOf` is merged, records become
 * arrays of `{ key, value }` entries, values strict mode cannot describe become JSON-encoded strings, and
 * a top level that is not a plain object is wrapped in one. Every change that loses a constraint is
 * reported to the collector. Throws {@link StrictUnavailable} only when a size limit is exceeded.
 */
export function toStrictCodec(schema: JsonSchema, collector: WarningCollector): StrictCodec {
  const state: StrictState = { root: schema, collector, properties: 0, enumValues: 0, text: 0 };
  const defs = new Map<string, StrictDecoder | undefined>();
  const outDefs: MutableJsonSchema = {};
  const sourceDefs = schema['$defs'];
  if (isJsonObject(sourceDefs)) {
    for (const name of Object.keys(sourceDefs)) {
      const converted = strictNode(sourceDefs[name], pointer('/$defs', name), 1, state);
      outDefs[name] = converted.schema;
      defs.set(name, converted.decoder);
    }
    countText(state, Object.keys(sourceDefs));
  }
  const { $defs: _defs, definitions: _definitions, ...body } = schema;
  let root = strictNode(body, '', 0, state);
  if (root.schema['type'] !== 'object') {
    const property = root.decoder?.kind === 'entries' ? 'entries' : 'value';
    state.collector.relaxed('', 'type', `an object with the single property "${property}"`);
    root = {
      schema: {
        type: 'object',
        properties: { [property]: root.schema },
        required: [property],
        additionalProperties: false,
      },
      decoder: { kind: 'unwrap', property, inner: root.decoder },
    };
  }
  if (state.properties > STRICT_LIMITS.properties)
    throw new StrictUnavailable('', `has more than ${STRICT_LIMITS.properties} properties`);
  if (state.enumValues > STRICT_LIMITS.enumValues)
    throw new StrictUnavailable('', `has more than ${STRICT_LIMITS.enumValues} enum values`);
  if (state.text > STRICT_LIMITS.text)
    throw new StrictUnavailable('', `has more than ${STRICT_LIMITS.text} characters of names and values`);
  const out = Object.keys(outDefs).length > 0 ? { ...root.schema, $defs: outDefs } : root.schema;
  return { schema: out, root: root.decoder, defs };
}

/** {@link toStrictCodec}'s schema alone. */
export function toStrictSchema(schema: JsonSchema, collector: WarningCollector): MutableJsonSchema {
  return toStrictCodec(schema, collector).schema as MutableJsonSchema;
}
