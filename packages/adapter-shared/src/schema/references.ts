import {
  ARRAY_SUBSCHEMA_KEYWORDS,
  isJsonObject,
  type JsonSchema,
  MAP_SUBSCHEMA_KEYWORDS,
  type MutableJsonSchema,
  pointer,
  resolveLocalRef,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from './json-schema';

/** Why a reference cannot be resolved: it points outside the schema, or at nothing. */
export class SchemaReferenceError extends Error {
  constructor(
    /** JSON Pointer of the node holding the `$ref`. */
    readonly path: string,
    readonly ref: string,
    readonly remote: boolean,
  ) {
    super(
      remote
        ? `the reference ${JSON.stringify(ref)} points outside the declaration (remote references are not ` +
            'fetched; inline the referenced schema under "$defs")'
        : `the reference ${JSON.stringify(ref)} points at nothing in the declaration`,
    );
  }
}

interface Walk {
  readonly root: JsonSchema;
  /** The root's `$id`, whose absolute form of a local reference is read as local. */
  readonly base: string | undefined;
  /** Canonical local pointer (`#/...`) -> name under `$defs`. */
  readonly hoisted: Map<string, string>;
  readonly taken: Set<string>;
}

/** The `#/...` pointer a reference means, or throws: anchors and the root's own `$id` are local too. */
function localPointer(walk: Walk, ref: string, path: string): string {
  let local = ref;
  if (walk.base !== undefined && ref.startsWith(walk.base)) local = ref.slice(walk.base.length);
  if (local === '' || local === '#') return '#';
  if (!local.startsWith('#')) throw new SchemaReferenceError(path, ref, true);
  if (local.startsWith('#/')) {
    if (resolveLocalRef(walk.root, local) === undefined) throw new SchemaReferenceError(path, ref, false);
    return local;
  }
  const anchor = findAnchor(walk.root, local.slice(1), '#');
  if (anchor === undefined) throw new SchemaReferenceError(path, ref, false);
  return anchor;
}

/** The pointer of the node declaring `$anchor: name`. */
function findAnchor(node: unknown, name: string, at: string): string | undefined {
  if (!isJsonObject(node)) return undefined;
  if (node['$anchor'] === name) return at;
  for (const [key, value] of Object.entries(node)) {
    const here = pointer(at, key);
    if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) {
      const found = findAnchor(value, name, here);
      if (found !== undefined) return found;
    } else if ((ARRAY_SUBSCHEMA_KEYWORDS.has(key) || key === 'items') && Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const found = findAnchor(item, name, pointer(here, index));
        if (found !== undefined) return found;
      }
    } else if (MAP_SUBSCHEMA_KEYWORDS.has(key) && isJsonObject(value)) {
      for (const [child, item] of Object.entries(value)) {
        const found = findAnchor(item, name, pointer(here, child));
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

const DEFS_POINTER = /^#\/\$defs\/([^/]+)$/;

/** The reference as it reads after rewriting: `#`, a `$defs` entry, or a hoisted pointer. */
function rewriteRef(walk: Walk, ref: string, path: string): string {
  const local = localPointer(walk, ref, path);
  if (local === '#') return '#';
  if (DEFS_POINTER.test(local)) return local;
  const definitions = /^#\/definitions\/([^/]+)$/.exec(local);
  if (definitions !== null && !isJsonObject(walk.root['$defs'])) return `#/$defs/${definitions[1]}`;
  let name = walk.hoisted.get(local);
  if (name === undefined) {
    const base =
      local
        .slice(2)
        .replace(/[^a-zA-Z0-9_]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'ref';
    name = base;
    for (let suffix = 2; walk.taken.has(name); suffix++) name = `${base}_${suffix}`;
    walk.taken.add(name);
    walk.hoisted.set(local, name);
  }
  return `#/$defs/${name}`;
}

function rewriteNode(walk: Walk, node: unknown, path: string): unknown {
  if (!isJsonObject(node)) return node;
  const out: MutableJsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    const here = pointer(path, key);
    if (key === '$ref' && typeof value === 'string') out[key] = rewriteRef(walk, value, path);
    else if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) out[key] = rewriteNode(walk, value, here);
    else if ((ARRAY_SUBSCHEMA_KEYWORDS.has(key) || key === 'items') && Array.isArray(value))
      out[key] = value.map((item, index) => rewriteNode(walk, item, pointer(here, index)));
    else if (MAP_SUBSCHEMA_KEYWORDS.has(key) && isJsonObject(value)) {
      const map: MutableJsonSchema = {};
      for (const [name, child] of Object.entries(value))
        map[name] = rewriteNode(walk, child, pointer(here, name));
      out[key] = map;
    } else out[key] = value;
  }
  return out;
}

/** True when the schema holds a `$ref` anywhere (the common case, none, skips the rewrite). */
function hasRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasRef);
  if (!isJsonObject(node)) return false;
  // `for...in` with `hasOwn` reads the same keys as `Object.entries` without an array per entry.
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    if (key === '$ref' || key === 'definitions') return true;
    const value = node[key];
    if (typeof value === 'object' && value !== null && hasRef(value)) return true;
  }
  return false;
}

/**
 * Rewrites every reference of a schema into the two forms every consumer understands: `#` (the root)
 * and `#/$defs/<name>`. A root `definitions` becomes `$defs`; a reference to any other local JSON Pointer
 * (`#/properties/data/properties/name`, as zod-to-json-schema writes them) or `$anchor` gets a copy of
 * its target under `$defs`, so recursion through it is kept. Remote references and references to nothing
 * throw a {@link SchemaReferenceError} naming the place.
 *
 * @example
 * ```ts
 * resolveReferences({ type: 'object', properties: { a: { type: 'string' }, b: { $ref: '#/properties/a' } } });
 * // { type: 'object', properties: { a: {...}, b: { $ref: '#/$defs/properties_a' } }, $defs: { properties_a: { type: 'string' } } }
 * ```
 */
export function resolveReferences(schema: JsonSchema): JsonSchema {
  if (!hasRef(schema)) return schema;
  const id = schema['$id'];
  const defs = schema['$defs'];
  const definitions = schema['definitions'];
  const walk: Walk = {
    root: schema,
    base: typeof id === 'string' && !id.startsWith('#') ? id.replace(/#$/, '') : undefined,
    hoisted: new Map(),
    taken: new Set([
      ...Object.keys(isJsonObject(defs) ? defs : {}),
      ...Object.keys(isJsonObject(definitions) && !isJsonObject(defs) ? definitions : {}),
    ]),
  };
  let out = rewriteNode(walk, schema, '') as MutableJsonSchema;
  if (isJsonObject(out['definitions']) && !isJsonObject(out['$defs'])) {
    const { definitions: moved, ...rest } = out;
    out = { ...rest, $defs: moved };
  }
  if (walk.hoisted.size > 0) {
    const hoisted: MutableJsonSchema = { ...((out['$defs'] as MutableJsonSchema | undefined) ?? {}) };
    for (const [local, name] of walk.hoisted) {
      // Targets are rewritten where they stand; the copy is read from the rewritten tree.
      const target = resolveLocalRef(schema, local) as JsonSchema;
      hoisted[name] = rewriteNode(walk, target, local.slice(1));
    }
    out['$defs'] = hoisted;
  }
  return out;
}
