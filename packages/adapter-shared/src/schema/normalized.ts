import {
  ARRAY_SUBSCHEMA_KEYWORDS,
  isJsonObject,
  type JsonSchema,
  MAP_SUBSCHEMA_KEYWORDS,
  type MutableJsonSchema,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from './json-schema';

/** Counts that declarations sometimes write as strings of digits (`"minItems": "1"`). */
export const COUNT_KEYWORDS: ReadonlySet<string> = new Set([
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);

/** The JSON Schema type names, which normalization keeps as they are. */
const STANDARD_TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);

/** Keywords normalization always rewrites or leaves out, whatever their value. */
const REWRITTEN: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'propertyOrdering',
  'example',
  'additionalItems',
  '__proto__',
]);

const NUMERIC_TYPES: ReadonlySet<string> = new Set(['integer', 'number', 'null']);

/** A `type` normalization keeps: one standard name, or several distinct ones. */
function standardType(type: unknown): boolean {
  if (typeof type === 'string') return STANDARD_TYPES.has(type);
  if (!Array.isArray(type) || type.length < 2) return false;
  for (let index = 0; index < type.length; index++) {
    const entry = type[index];
    if (typeof entry !== 'string' || !STANDARD_TYPES.has(entry) || type.indexOf(entry) !== index)
      return false;
  }
  return true;
}

/** False when an enum of a numeric type lists a string (normalization may read it as a number). */
function plainEnum(node: JsonSchema): boolean {
  const values = node['enum'];
  const type = node['type'];
  if (!Array.isArray(values) || type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  if (!types.every((entry) => NUMERIC_TYPES.has(entry as string))) return true;
  return !values.some((value) => typeof value === 'string');
}

/** What {@link sharedNormal} answers when normalization would change more than the order of keys. */
const CHANGED: unique symbol = Symbol('changed');

/** Keywords that make a node one that readers may track by identity (`acceptsNull` does, against cycles). */
const COMPOSED: ReadonlySet<string> = new Set(['$ref', 'anyOf', 'oneOf', 'allOf']);

interface Walk {
  /** The composed nodes met so far: one met twice (a shared object) is copied apart, as normalizing does. */
  composed: Set<object> | undefined;
}

function sharedList(walk: Walk, list: readonly unknown[]): unknown {
  let out: unknown[] | undefined;
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    const shared = sharedNormal(walk, item);
    if (shared === CHANGED) return CHANGED;
    if (shared !== item) {
      out ??= list.slice();
      out[index] = shared;
    }
  }
  return out ?? list;
}

function sharedMap(walk: Walk, map: JsonSchema): unknown {
  let out: MutableJsonSchema | undefined;
  for (const name in map) {
    if (name === '__proto__' || !Object.hasOwn(map, name)) return CHANGED;
    const child = map[name];
    const shared = sharedNormal(walk, child);
    if (shared === CHANGED) return CHANGED;
    if (shared !== child) {
      out ??= { ...map };
      out[name] = shared;
    }
  }
  return out ?? map;
}

/** One keyword's value as normalization leaves it (`value` itself when unchanged), or {@link CHANGED}. */
function sharedKeyword(walk: Walk, key: string, value: unknown): unknown {
  if (REWRITTEN.has(key)) return CHANGED;
  if (key === 'format') return value === 'enum' ? CHANGED : value;
  if (key === 'items' && Array.isArray(value)) return CHANGED;
  if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum')
    return typeof value === 'boolean' ? CHANGED : value;
  if (COUNT_KEYWORDS.has(key)) return typeof value === 'string' ? CHANGED : value;
  if (key === 'required')
    return Array.isArray(value) && value.every((name) => typeof name === 'string') ? value : CHANGED;
  if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) return sharedNormal(walk, value);
  if (ARRAY_SUBSCHEMA_KEYWORDS.has(key)) return Array.isArray(value) ? sharedList(walk, value) : value;
  if (MAP_SUBSCHEMA_KEYWORDS.has(key)) return isJsonObject(value) ? sharedMap(walk, value) : value;
  return value;
}

/** False when the composed node was met before in this walk (the schema shares it between places). */
function firstMeeting(walk: Walk, node: object): boolean {
  walk.composed ??= new Set();
  if (walk.composed.has(node)) return false;
  walk.composed.add(node);
  return true;
}

/** The node as normalization leaves it, keys in the same order, `type` first; {@link CHANGED} else. */
function sharedNormal(walk: Walk, node: unknown): unknown {
  if (typeof node === 'boolean') return node;
  if (!isJsonObject(node)) return CHANGED;
  let changed: Map<string, unknown> | undefined;
  let typed = false;
  let composed = false;
  let typeFirst = true;
  let first = true;
  for (const key in node) {
    if (!Object.hasOwn(node, key)) return CHANGED;
    const value = node[key];
    if (key === 'type') {
      if (!standardType(value)) return CHANGED;
      typed = true;
      typeFirst = first;
    } else {
      if (COMPOSED.has(key)) composed = true;
      const shared = sharedKeyword(walk, key, value);
      if (shared === CHANGED) return CHANGED;
      if (shared !== value) {
        changed ??= new Map();
        changed.set(key, shared);
      }
    }
    first = false;
  }
  if (!plainEnum(node) || (composed && !firstMeeting(walk, node))) return CHANGED;
  if (changed === undefined && typeFirst) return node;
  // Only the order of keys or subschemas change: a shallow copy, `type` first as normalization puts it.
  const out: MutableJsonSchema = typed ? { type: node['type'] } : {};
  for (const key in node) if (key !== 'type') out[key] = changed?.has(key) ? changed.get(key) : node[key];
  return out;
}

/**
 * The schema as normalizing it (see `normalizeParameterSchema`) would give it, keys in the same order,
 * sharing every subschema that normalization would only copy; `undefined` when normalization changes
 * more than the order of keys (non-standard type names, OpenAPI or draft-4 forms) or when it shares a
 * composed node (`$ref`, `anyOf`, `oneOf`, `allOf`) between places, which normalizing copies apart.
 * Schemas made by Zod are normal, save that Zod writes some keywords before `type`.
 *
 * @example
 * ```ts
 * sharedNormalized({ type: 'object', properties: { a: { type: 'string' } } }); // the same object
 * sharedNormalized({ type: 'dict' }); // undefined
 * ```
 */
export function sharedNormalized(schema: unknown): unknown {
  const shared = sharedNormal({ composed: undefined }, schema);
  return shared === CHANGED ? undefined : shared;
}
