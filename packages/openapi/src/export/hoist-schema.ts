import {
  decodePointerSegment,
  encodePointerSegment,
  isObject,
  type JsonObject,
  setKey,
} from '../schema/json';

/** The `components.schemas` map being filled, and the names already taken in it. */
export interface ComponentRegistry {
  readonly schemas: JsonObject;
  readonly taken: Set<string>;
}

/** A component name OpenAPI accepts (`^[a-zA-Z0-9._-]+$`), unique in the registry. */
export function componentName(registry: ComponentRegistry, wanted: string): string {
  const base = wanted.replace(/[^A-Za-z0-9._-]/g, '_') || 'schema';
  let name = base;
  for (let suffix = 2; registry.taken.has(name); suffix++) name = `${base}_${suffix}`;
  registry.taken.add(name);
  return name;
}

/** True when a `$ref` appears anywhere in the schema (a read-only scan; no copy). */
function hasReference(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasReference);
  if (!isObject(value)) return false;
  for (const key in value) {
    if (key === '$ref' || hasReference(value[key])) return true;
  }
  return false;
}

function rewrite(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, map));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    setKey(out, key, key === '$ref' && typeof item === 'string' ? map(item) : rewrite(item, map));
  }
  return out;
}

/**
 * Places a self-contained JSON Schema (as `z.toJSONSchema` makes it) inside an OpenAPI document. A schema
 * without references is used as it is (minus `$schema`). Inside a document `#` means the document, so a
 * schema with references moves into `components.schemas`: its `$defs` become components of their own and
 * every reference is rewritten to point at them; a reference to the root (`#`, recursion) or into it makes
 * the root a component too, and the caller gets a `$ref` to it.
 */
export function placeSchema(registry: ComponentRegistry, json: JsonObject, baseName: string): JsonObject {
  // A loop, not `{ $schema, $defs, ...rest }`: rest destructuring is the slow path of the export.
  const rest: JsonObject = {};
  for (const key in json) if (key !== '$schema' && key !== '$defs') setKey(rest, key, json[key]);
  const $defs = json['$defs'];
  if (!hasReference(rest) && !hasReference($defs)) return rest;
  const defs = isObject($defs) ? $defs : {};
  const defNames = new Map<string, string>();
  for (const key of Object.keys(defs)) defNames.set(key, componentName(registry, `${baseName}.${key}`));
  let rootName: string | undefined;
  const map = (ref: string): string => {
    if (ref.startsWith('#/$defs/')) {
      const [head = '', ...tail] = ref.slice('#/$defs/'.length).split('/');
      const target = defNames.get(decodePointerSegment(head));
      if (target !== undefined) {
        return `#/components/schemas/${encodePointerSegment(target)}${tail.length > 0 ? `/${tail.join('/')}` : ''}`;
      }
    }
    if (ref === '#' || ref.startsWith('#/')) {
      rootName ??= componentName(registry, baseName);
      return `#/components/schemas/${encodePointerSegment(rootName)}${ref.slice(1)}`;
    }
    return ref;
  };
  const root = rewrite(rest, map) as JsonObject;
  for (const [key, name] of defNames) setKey(registry.schemas, name, rewrite(defs[key], map));
  if (rootName === undefined) return root;
  setKey(registry.schemas, rootName, root);
  return { $ref: `#/components/schemas/${encodePointerSegment(rootName)}` };
}
