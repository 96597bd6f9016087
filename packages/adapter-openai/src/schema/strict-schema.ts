import {
  ANNOTATION_KEYWORDS,
  acceptsNull,
  cloneJson,
  isJsonObject,
  isUnconstrained,
  isVacuousKeyword,
  type JsonSchema,
  type MutableJsonSchema,
  pointer,
  requiredOf,
  typesOf,
  type WarningCollector,
} from '@armorer/adapter-shared';

/** String formats Structured Outputs accepts. */
const STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
/** Keywords copied as they are (the Structured Outputs subset, annotations included). */
const COPIED = new Set([
  'type',
  'description',
  'title',
  'default',
  'enum',
  'const',
  '$ref',
  'pattern',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
]);
/** Keywords handled by the object, array and union rules below. */
const HANDLED = new Set([
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
  '$defs',
  'definitions',
  'format',
]);
/** Structured Outputs limits: properties in total, object nesting, enum values, text of names and values. */
export const STRICT_LIMITS = { properties: 5000, depth: 10, enumValues: 1000, text: 120_000 } as const;

/** Thrown inside the converter when a schema cannot be expressed in strict mode. */
export class StrictUnavailable extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

interface StrictState {
  readonly root: JsonSchema;
  readonly collector: WarningCollector;
  properties: number;
  enumValues: number;
  text: number;
}

function countText(state: StrictState, values: readonly unknown[]): void {
  for (const value of values) if (typeof value === 'string') state.text += value.length;
}

/** Makes an optional property's schema accept null, the Structured Outputs way of saying "absent". */
function nullable(converted: MutableJsonSchema, original: unknown, root: JsonSchema): MutableJsonSchema {
  if (acceptsNull(original, root)) return converted;
  const types = typesOf(converted);
  const typeOnly =
    types !== undefined &&
    !('enum' in converted) &&
    !('const' in converted) &&
    !('anyOf' in converted) &&
    !('$ref' in converted);
  if (typeOnly) return { ...converted, type: [...types, 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}

function convertObject(
  node: JsonSchema,
  out: MutableJsonSchema,
  path: string,
  depth: number,
  state: StrictState,
): void {
  const properties = node['properties'];
  const extra = node['additionalProperties'];
  const open =
    extra === undefined || extra === true || (isJsonObject(extra) && Object.keys(extra).length === 0);
  if (!isJsonObject(properties) && extra !== false) {
    throw new StrictUnavailable(path, 'is an object with free-form keys');
  }
  if (!open && extra !== false)
    state.collector.unsupported(
      pointer(path, 'additionalProperties'),
      'additionalProperties',
      ' in strict mode',
    );
  if (depth + 1 > STRICT_LIMITS.depth)
    throw new StrictUnavailable(path, `nests objects deeper than ${STRICT_LIMITS.depth} levels`);
  const required = requiredOf(node);
  const converted: MutableJsonSchema = {};
  const names = Object.keys(isJsonObject(properties) ? properties : {});
  for (const name of names) {
    const child = (properties as JsonSchema)[name];
    const schema = strictNode(child, pointer(pointer(path, 'properties'), name), depth + 1, state);
    converted[name] = required.has(name) ? schema : nullable(schema, child, state.root);
  }
  state.properties += names.length;
  countText(state, names);
  out['properties'] = converted;
  out['required'] = names;
  out['additionalProperties'] = false;
}

function convertArray(
  node: JsonSchema,
  out: MutableJsonSchema,
  path: string,
  depth: number,
  state: StrictState,
): void {
  const prefix = node['prefixItems'];
  const items = node['items'];
  if (Array.isArray(prefix)) {
    const branches = prefix.map((item, index) =>
      strictNode(item, pointer(pointer(path, 'prefixItems'), index), depth, state),
    );
    if (isJsonObject(items)) branches.push(strictNode(items, pointer(path, 'items'), depth, state));
    const unique = [...new Map(branches.map((branch) => [JSON.stringify(branch), branch])).values()];
    out['items'] = unique.length === 1 ? unique[0] : { anyOf: unique };
    state.collector.relaxed(
      pointer(path, 'prefixItems'),
      'prefixItems',
      'items of any of the positional types',
    );
  } else if (isJsonObject(items) || items === true) {
    out['items'] = strictNode(items, pointer(path, 'items'), depth, state);
  } else {
    throw new StrictUnavailable(path, 'is an array without an item schema');
  }
}

/** Converts one schema node to the Structured Outputs subset; throws {@link StrictUnavailable}. */
function strictNode(node: unknown, path: string, depth: number, state: StrictState): MutableJsonSchema {
  if (!isJsonObject(node) || isUnconstrained(node)) {
    throw new StrictUnavailable(path, node === false ? 'accepts no value' : 'accepts any value');
  }
  const out: MutableJsonSchema = {};
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (COPIED.has(key)) {
      out[key] = cloneJson(value);
      if (key === 'enum' && Array.isArray(value)) {
        state.enumValues += value.length;
        countText(state, value);
      } else if (key === 'const') countText(state, [value]);
    } else if (key === 'format') {
      if (typeof value === 'string' && STRICT_FORMATS.has(value)) out[key] = value;
      else state.collector.unsupported(path, key, ` (format ${JSON.stringify(value)})`);
    } else if (key === 'anyOf' || key === 'oneOf') {
      if (!Array.isArray(value)) continue;
      if (path === '') {
        state.collector.unsupported(path, key, ' at the top level');
        continue;
      }
      const branches = value.map((branch, index) =>
        strictNode(branch, pointer(pointer(path, key), index), depth, state),
      );
      out['anyOf'] = [...((out['anyOf'] as unknown[]) ?? []), ...branches];
      if (key === 'oneOf')
        state.collector.relaxed(path, key, 'anyOf (exclusivity is not enforced by the model)');
    } else if (key === '$defs' || key === 'definitions') {
      if (!isJsonObject(value)) continue;
      const defs: MutableJsonSchema = {};
      for (const name of Object.keys(value))
        defs[name] = strictNode(value[name], pointer(pointer(path, key), name), 0, state);
      countText(state, Object.keys(value));
      out[key] = defs;
    } else if (!HANDLED.has(key) && !ANNOTATION_KEYWORDS.has(key) && !isVacuousKeyword(key, value)) {
      state.collector.unsupported(path, key, ' in strict mode');
    }
  }
  const types = typesOf(node);
  if (types?.includes('object') || (types === undefined && isJsonObject(node['properties']))) {
    convertObject(node, out, path, depth, state);
  }
  if (types?.includes('array')) convertArray(node, out, path, depth, state);
  if (!('type' in out || 'anyOf' in out || '$ref' in out || 'enum' in out || 'const' in out)) {
    throw new StrictUnavailable(path, 'does not constrain its type');
  }
  if ('$ref' in out && Object.keys(out).length > 1) {
    // Structured Outputs wants a reference on its own; siblings move next to it in a one-branch union.
    const { $ref, ...rest } = out;
    return { anyOf: [{ $ref }], ...rest };
  }
  return out;
}

/**
 * Converts a tool's input JSON Schema to a schema valid for OpenAI Structured Outputs (`strict: true`),
 * or throws {@link StrictUnavailable} when the schema cannot be expressed there (free-form objects,
 * untyped values, limits exceeded). Keywords strict mode does not support are reported to the collector.
 */
export function toStrictSchema(schema: JsonSchema, collector: WarningCollector): MutableJsonSchema {
  const types = typesOf(schema);
  if (types === undefined || types.length !== 1 || types[0] !== 'object') {
    throw new StrictUnavailable('', 'the top level is not an object schema');
  }
  const state: StrictState = { root: schema, collector, properties: 0, enumValues: 0, text: 0 };
  const out = strictNode(schema, '', 0, state);
  if (state.properties > STRICT_LIMITS.properties)
    throw new StrictUnavailable('', `has more than ${STRICT_LIMITS.properties} properties`);
  if (state.enumValues > STRICT_LIMITS.enumValues)
    throw new StrictUnavailable('', `has more than ${STRICT_LIMITS.enumValues} enum values`);
  if (state.text > STRICT_LIMITS.text)
    throw new StrictUnavailable('', `has more than ${STRICT_LIMITS.text} characters of names and values`);
  return out;
}
