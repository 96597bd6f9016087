import { ProviderAdapterError } from '../errors/provider-adapter-error';
import {
  ARRAY_SUBSCHEMA_KEYWORDS,
  isJsonObject,
  type JsonSchema,
  MAP_SUBSCHEMA_KEYWORDS,
  type MutableJsonSchema,
  pointer,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from './json-schema';
import { COUNT_KEYWORDS, sharedNormalized } from './normalized';
import { resolveReferences, SchemaReferenceError } from './references';

/**
 * Type names found in real declarations mapped to JSON Schema: OpenAPI's upper-case names (Gemini),
 * Python-flavoured names (BFCL: `dict`, `float`, `tuple`, `any`) and the standard ones. `null` in the
 * result means "any type".
 */
const TYPE_NAMES: Readonly<Record<string, string | null>> = {
  string: 'string',
  str: 'string',
  number: 'number',
  float: 'number',
  double: 'number',
  integer: 'integer',
  int: 'integer',
  long: 'integer',
  boolean: 'boolean',
  bool: 'boolean',
  object: 'object',
  dict: 'object',
  array: 'array',
  list: 'array',
  tuple: 'array',
  null: 'null',
  any: null,
  type_unspecified: null,
};

interface Normalizing {
  readonly tool: string;
}

function invalid(state: Normalizing, path: string, message: string): ProviderAdapterError {
  return new ProviderAdapterError({
    code: 'INVALID_DECLARATION',
    message: `Tool "${state.tool}": ${message} at ${path || '(root)'}.`,
    path,
  });
}

/**
 * Draft-4 bounds (`exclusiveMinimum: true` beside `minimum`) in the draft 2020-12 form the providers
 * validate against (`exclusiveMinimum: <number>`); `false` means no exclusivity and is left out.
 */
function draft4Bounds(out: MutableJsonSchema): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = out[flag];
    if (typeof value !== 'boolean') continue;
    delete out[flag];
    if (value && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    }
  }
}

function normalizeType(state: Normalizing, path: string, type: unknown): string[] | undefined {
  const list = Array.isArray(type) ? type : [type];
  const out: string[] = [];
  for (const entry of list) {
    if (typeof entry !== 'string')
      throw invalid(state, path, `"type" must be a string, got ${JSON.stringify(entry)}`);
    const mapped = TYPE_NAMES[entry.toLowerCase()];
    if (mapped === undefined) throw invalid(state, path, `unknown type ${JSON.stringify(entry)}`);
    if (mapped === null) return undefined;
    if (!out.includes(mapped)) out.push(mapped);
  }
  return out;
}

function normalizeNode(state: Normalizing, node: unknown, path: string): unknown {
  if (typeof node === 'boolean') return node;
  if (!isJsonObject(node)) throw invalid(state, path, 'a schema must be an object');
  const out: MutableJsonSchema = {};
  let types: string[] | undefined;
  const optional = new Set<string>();
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') {
      types = normalizeType(state, path, value);
    } else if (key === 'optional' || key === 'nullable' || key === 'propertyOrdering') {
      // Handled below (optional by the parent, nullable as a type) or presentation only.
    } else if (key === 'format' && value === 'enum') {
      // OpenAPI marks enums with format "enum"; JSON Schema says it with `enum` alone.
    } else if (key === 'example') {
      if (!('examples' in node)) out['examples'] = [value];
    } else if (key === 'items' && Array.isArray(value)) {
      out['prefixItems'] = value.map((item, index) =>
        normalizeNode(state, item, pointer(`${path}/items`, index)),
      );
    } else if (key === 'additionalItems') {
      out['items'] = normalizeNode(state, value, pointer(path, key));
    } else if (COUNT_KEYWORDS.has(key) && typeof value === 'string' && /^\d+$/.test(value)) {
      out[key] = Number(value);
    } else if (key === 'required') {
      if (Array.isArray(value)) out[key] = value.filter((name) => typeof name === 'string');
    } else if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) {
      out[key] = normalizeNode(state, value, pointer(path, key));
    } else if (ARRAY_SUBSCHEMA_KEYWORDS.has(key) && Array.isArray(value)) {
      out[key] = value.map((item, index) => normalizeNode(state, item, pointer(pointer(path, key), index)));
    } else if (MAP_SUBSCHEMA_KEYWORDS.has(key) && isJsonObject(value)) {
      const map: MutableJsonSchema = {};
      for (const [name, child] of Object.entries(value)) {
        if (key === 'properties' && isJsonObject(child) && child['optional'] === true) optional.add(name);
        map[name] = normalizeNode(state, child, pointer(pointer(path, key), name));
      }
      out[key] = map;
    } else {
      out[key] = value;
    }
  }
  if (node['nullable'] === true && types !== undefined && !types.includes('null')) types.push('null');
  const union = out['anyOf'];
  if (node['nullable'] === true && types === undefined && Array.isArray(union)) {
    const hasNull = union.some((branch) => isJsonObject(branch) && branch['type'] === 'null');
    if (!hasNull) out['anyOf'] = [...union, { type: 'null' }];
  }
  if (types !== undefined) out['type'] = types.length === 1 ? types[0] : types;
  if (optional.size > 0 && Array.isArray(out['required'])) {
    const required = (out['required'] as string[]).filter((name) => !optional.has(name));
    if (required.length === 0) delete out['required'];
    else out['required'] = required;
  }
  numericEnum(out, types);
  draft4Bounds(out);
  if (node['nullable'] === true && Array.isArray(out['enum']) && !out['enum'].includes(null)) {
    out['enum'] = [...out['enum'], null];
  }
  return reorder(out);
}

/** OpenAPI (Gemini) writes enums of numbers as strings; JSON Schema wants the numbers. */
function numericEnum(out: MutableJsonSchema, types: readonly string[] | undefined): void {
  const values = out['enum'];
  if (!Array.isArray(values) || types === undefined) return;
  if (!types.every((type) => type === 'integer' || type === 'number' || type === 'null')) return;
  if (!values.every((value) => typeof value !== 'string' || /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)))
    return;
  out['enum'] = values.map((value) => (typeof value === 'string' ? Number(value) : value));
}

/** `type` first, as JSON Schema writers put it, so normalized schemas read naturally. */
function reorder(out: MutableJsonSchema): MutableJsonSchema {
  if (!('type' in out)) return out;
  const { type, ...rest } = out;
  return { type, ...rest };
}

/**
 * Turns the parameter schema of a provider declaration into standard JSON Schema (draft 2020-12): maps
 * non-standard type names (`dict`, `float`, `tuple`, `any`, upper-case OpenAPI names), `optional: true`,
 * OpenAPI's `nullable` and `format: "enum"`, string-encoded counts, array-form `items` and draft-4
 * boolean `exclusiveMinimum`/`exclusiveMaximum`; rewrites every local reference to `#` or `#/$defs/...`
 * (see `resolveReferences`). The result is always an object schema with `properties`. Idempotent:
 * normalizing a normalized schema changes nothing. Throws a `ProviderAdapterError` (with the `path`)
 * for what cannot be read: unknown types, remote or dangling references.
 *
 * @example
 * ```ts
 * normalizeParameterSchema('get_area', { type: 'dict', properties: { r: { type: 'float' } }, required: ['r'] });
 * // { type: 'object', properties: { r: { type: 'number' } }, required: ['r'] }
 * ```
 */
export function normalizeParameterSchema(tool: string, schema: unknown): JsonSchema {
  if (schema === undefined || schema === null) return { type: 'object', properties: {} };
  return finish(tool, normalizeNode({ tool }, schema, ''));
}

/**
 * {@link normalizeParameterSchema} of a schema its owner never modifies, read by code that never modifies
 * the result either (core's cached JSON Schema of a tool, read by the exporters): a schema that is already
 * normal, as Zod's are, keeps its subschemas, shared with the result rather than copied. The result is
 * equal to {@link normalizeParameterSchema}'s.
 *
 * @example
 * ```ts
 * const schema = normalizeSharedSchema(configuration.name, toolInputJsonSchema(configuration.schema));
 * ```
 */
export function normalizeSharedSchema(tool: string, schema: unknown): JsonSchema {
  const shared = sharedNormalized(schema);
  return shared === undefined ? normalizeParameterSchema(tool, schema) : finish(tool, shared);
}

/** The normalized root: an object schema without `$schema`, references rewritten, `properties` listed. */
function finish(tool: string, read: unknown): JsonSchema {
  if (!isJsonObject(read)) {
    throw invalid({ tool }, '', 'the parameters schema must be an object schema');
  }
  // The result is draft 2020-12 whatever the declaration said (a draft-04 or draft-07 `$schema` would
  // make readers look for `definitions` and boolean bounds that are gone).
  const { $schema: _dialect, ...body } = read;
  let normalized: JsonSchema = body;
  try {
    normalized = resolveReferences(normalized);
  } catch (error) {
    if (!(error instanceof SchemaReferenceError)) throw error;
    throw new ProviderAdapterError({
      code: error.remote ? 'REMOTE_REFERENCE' : 'UNRESOLVED_REFERENCE',
      message: `Tool "${tool}": ${error.message} at ${error.path || '(root)'}.`,
      path: error.path,
    });
  }
  // A root without a type (a bare `$ref`, a union of objects, or nothing) still takes an object.
  if (normalized['type'] === undefined) return withProperties({ type: 'object', ...normalized });
  if (normalized['type'] !== 'object') {
    throw invalid(
      { tool },
      '',
      `the parameters schema must have type "object", got ${JSON.stringify(normalized['type'])}`,
    );
  }
  return withProperties(normalized);
}

/** A root object schema always lists its `properties` (OpenAI requires the keyword; `{}` when none). */
function withProperties(schema: JsonSchema): JsonSchema {
  if (schema['type'] !== 'object' || isJsonObject(schema['properties'])) return schema;
  const { type, ...rest } = schema;
  return { type, properties: {}, ...rest };
}
