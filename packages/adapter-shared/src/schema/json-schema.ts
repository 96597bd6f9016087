/** A JSON Schema node that is an object (boolean schemas are handled where they can appear). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** A mutable JSON Schema node, as converters build it. */
export type MutableJsonSchema = { [keyword: string]: unknown };

/**
 * Keywords whose value is one subschema.
 *
 * @example
 * ```ts
 * SINGLE_SUBSCHEMA_KEYWORDS.has('items'); // true
 * ```
 */
export const SINGLE_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
]);

/**
 * Keywords whose value is an array of subschemas.
 *
 * @example
 * ```ts
 * ARRAY_SUBSCHEMA_KEYWORDS.has('anyOf'); // true
 * ```
 */
export const ARRAY_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
]);

/**
 * Keywords whose value maps names to subschemas.
 *
 * @example
 * ```ts
 * MAP_SUBSCHEMA_KEYWORDS.has('properties'); // true
 * ```
 */
export const MAP_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

/**
 * Annotations with no validation meaning: providers may drop them without a warning.
 *
 * @example
 * ```ts
 * ANNOTATION_KEYWORDS.has('$schema'); // true
 * ```
 */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  '$anchor',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * True for a plain object (a JSON Schema node or a map of them).
 *
 * @example
 * ```ts
 * isJsonObject({ type: 'string' }); // true
 * isJsonObject([]); // false
 * ```
 */
export function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `type` of a node as a list (`undefined` when the node does not constrain its type).
 *
 * @example
 * ```ts
 * typesOf({ type: ['string', 'null'] }); // ['string', 'null']
 * ```
 */
export function typesOf(node: JsonSchema): readonly string[] | undefined {
  const type = node['type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return undefined;
}

/**
 * Appends a segment to a JSON Pointer (RFC 6901 escaping).
 *
 * @example
 * ```ts
 * pointer('/properties', 'a/b'); // '/properties/a~1b'
 * ```
 */
export function pointer(base: string, segment: string | number): string {
  const text = String(segment);
  // Paths are built for every keyword walked, so the common case (nothing to escape) stays cheap.
  if (text.indexOf('~') === -1 && text.indexOf('/') === -1) return `${base}/${text}`;
  return `${base}/${text.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/**
 * The `required` list of an object node, as a set.
 *
 * @example
 * ```ts
 * requiredOf({ required: ['city'] }).has('city'); // true
 * ```
 */
export function requiredOf(node: JsonSchema): ReadonlySet<string> {
  const required = node['required'];
  return new Set(Array.isArray(required) ? required.filter((key) => typeof key === 'string') : []);
}

/**
 * Resolves a local reference (`#`, `#/$defs/name`, `#/definitions/name`, any local JSON Pointer).
 *
 * @example
 * ```ts
 * resolveLocalRef(root, '#/$defs/address'); // the address schema, or undefined
 * ```
 */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isJsonObject(node)) return undefined;
    node = node[segment];
  }
  return isJsonObject(node) ? node : undefined;
}

/**
 * True when `null` is a valid value of the node: its type allows null, its enum or const holds null,
 * one of its branches accepts null, or it does not constrain the type at all.
 *
 * @example
 * ```ts
 * acceptsNull({ type: ['string', 'null'] }, root); // true
 * acceptsNull({ enum: ['a'] }, root); // false
 * ```
 */
export function acceptsNull(node: unknown, root: JsonSchema, seen?: Set<unknown>): boolean {
  if (node === true) return true;
  if (!isJsonObject(node) || seen?.has(node) === true) return false;
  if ('const' in node) return node['const'] === null;
  const enumValues = node['enum'];
  if (Array.isArray(enumValues)) return enumValues.includes(null);
  if (node['nullable'] === true) return true;
  const type = node['type'];
  const composed = '$ref' in node || 'anyOf' in node || 'oneOf' in node || 'allOf' in node;
  // The common case, a plain typed schema, needs no walk.
  if (!composed)
    return type === undefined || type === 'null' || (Array.isArray(type) && type.includes('null'));
  const visited = seen ?? new Set<unknown>();
  visited.add(node);
  const ref = node['$ref'];
  if (typeof ref === 'string') {
    const target = resolveLocalRef(root, ref);
    if (target !== undefined && !acceptsNull(target, root, visited)) return false;
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches) && !branches.some((branch) => acceptsNull(branch, root, visited)))
      return false;
  }
  const allOf = node['allOf'];
  if (Array.isArray(allOf) && !allOf.every((branch) => acceptsNull(branch, root, visited))) return false;
  const types = typesOf(node);
  return types === undefined || types.includes('null');
}

/** Annotations a node may carry and still accept any value. */
const DESCRIPTIVE = new Set(['description', 'title', 'default', 'example']);

/**
 * True when a node accepts any value (it holds annotations only, like `{ description }`).
 *
 * @example
 * ```ts
 * isUnconstrained({ description: 'Any value' }); // true
 * ```
 */
export function isUnconstrained(node: JsonSchema): boolean {
  // Every own key, read without an array of keys: most nodes answer at their first key (`type`).
  for (const key in node) {
    if (Object.hasOwn(node, key) && !ANNOTATION_KEYWORDS.has(key) && !DESCRIPTIVE.has(key)) return false;
  }
  return true;
}

/**
 * True for keywords that constrain nothing a JSON value can violate, such as `propertyNames:
 * { type: 'string' }` (Zod writes it for records; JSON object keys are always strings). Providers may
 * leave them out without a warning.
 *
 * @example
 * ```ts
 * isVacuousKeyword('propertyNames', { type: 'string' }); // true
 * ```
 */
export function isVacuousKeyword(key: string, value: unknown): boolean {
  if (key !== 'propertyNames' || !isJsonObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 0 || (keys.length === 1 && value['type'] === 'string');
}
