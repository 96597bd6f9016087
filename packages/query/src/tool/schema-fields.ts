/** One top-level parameter of a tool's object schema, read from the Zod schema without conversion. */
export interface SchemaField {
  readonly key: string;
  readonly description: string | undefined;
  readonly optional: boolean;
  /** Enum members, literal values and nested object keys: words a request may use for this field. */
  readonly words: readonly string[];
}

import { globalRegistry } from 'zod/v4/core';

interface ZodLike {
  readonly _zod?: { readonly def?: ZodDef; readonly parent?: ZodLike };
  readonly description?: unknown;
  readonly shape?: unknown;
}

interface ZodDef {
  readonly type?: string;
  readonly innerType?: ZodLike;
  readonly in?: ZodLike;
  readonly element?: ZodLike;
  readonly entries?: Record<string, unknown>;
  readonly values?: readonly unknown[];
  readonly shape?: Record<string, ZodLike>;
}

/**
 * The shape of an object schema, or `undefined` when the value is not one. Read from `_zod.def` (the
 * documented surface for libraries) rather than the classic `.shape` getter, which installs itself on first use.
 */
export function schemaShape(schema: unknown): Readonly<Record<string, unknown>> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const def = (schema as ZodLike)._zod?.def;
  const shape = def?.type === 'object' ? defShape(def) : (schema as ZodLike).shape;
  return typeof shape === 'object' && shape !== null ? (shape as Record<string, unknown>) : undefined;
}

/**
 * An object def's shape without resolving it. Zod answers `def.shape` from an accessor that, on its first
 * read, copies the shape and redefines the property on the def (a spread and a `defineProperty` per schema,
 * which was 40% of building the index of 10,000 tools, and left every def in a new hidden class). The
 * accessor carries the shape it answers from as `raw` (what Zod's own `util.rawShape` reads): the same keys
 * and schemas the first read would copy. A def whose shape is resolved already, or an accessor without `raw`
 * (other Zod versions), is read as is.
 */
function defShape(def: ZodDef): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(def, 'shape');
  if (descriptor === undefined) return def.shape;
  if (descriptor.get === undefined) return descriptor.value;
  const raw = (descriptor.get as { raw?: unknown }).raw;
  return typeof raw === 'object' && raw !== null ? raw : def.shape;
}

/** The top-level keys of an object schema (empty for anything else). */
export function schemaKeys(schema: unknown): string[] {
  const shape = schemaShape(schema);
  return shape === undefined ? [] : Object.keys(shape);
}

/** The fields of an object schema: keys, descriptions (also through optional/default wrappers) and words. */
export function schemaFields(schema: unknown): SchemaField[] {
  const shape = schemaShape(schema);
  if (shape === undefined) return [];
  const fields: SchemaField[] = [];
  for (const key in shape) {
    const words: string[] = [];
    const found = inspectField(shape[key] as ZodLike | undefined, words);
    fields.push({ key, description: found.description, optional: found.optional, words });
  }
  return fields;
}

/**
 * Appends the keys of an object schema to `keys`, and the descriptions and words of its fields to `texts`:
 * the allocation-free path the search index takes for every tool.
 */
export function collectSchemaTexts(schema: unknown, keys: string[], texts: string[]): void {
  const shape = schemaShape(schema);
  if (shape === undefined) return;
  for (const key in shape) {
    keys.push(key);
    const { description } = inspectField(shape[key] as ZodLike | undefined, texts);
    if (description !== undefined) texts.push(description);
  }
}

const found = { description: undefined as string | undefined, optional: false };

/** Walks a field through its wrappers, appending its words; the result object is reused. */
function inspectField(field: ZodLike | undefined, words: string[]): typeof found {
  found.description = undefined;
  found.optional = false;
  let current = field;
  for (let depth = 0; current !== undefined && depth < 8; depth++) {
    const def = current._zod?.def;
    if (def === undefined) break;
    if (found.description === undefined) {
      const description = descriptionOf(current);
      if (typeof description === 'string') found.description = description;
    }
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        found.optional = true;
        current = def.innerType;
        break;
      case 'nullable':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        current = def.innerType;
        break;
      case 'pipe':
        current = def.in;
        break;
      case 'array':
        current = def.element;
        break;
      default:
        collectWords(def, words);
        return found;
    }
  }
  return found;
}

/**
 * Zod's global registry's own map (schema -> the metadata registered for it), when it is one: read directly
 * so a description costs a lookup per schema of the chain instead of the merged copies the getter makes.
 */
const registryMap: WeakMap<object, unknown> | undefined = (() => {
  const map = (globalRegistry as { _map?: unknown })._map;
  return map instanceof WeakMap ? (map as WeakMap<object, unknown>) : undefined;
})();

/**
 * A schema's description. Zod keeps descriptions in its global registry and the `description` getter merges
 * the metadata of every schema the field was cloned from (an object spread per ancestor), which dominated
 * building the index of a large toolbox. The merged view's description is the one registered nearest to the
 * schema along its `parent` chain, so that is what is read, one map lookup per ancestor; the getter decides
 * when the registry is not the expected map or the chain is longer than followed.
 */
const isOwnEnumerable = Object.prototype.propertyIsEnumerable;

function descriptionOf(schema: ZodLike): unknown {
  if (registryMap === undefined) return descriptionByGetter(schema);
  let current: ZodLike | undefined = schema;
  for (let depth = 0; current !== undefined && depth < 32; depth++) {
    const meta = registryMap.get(current);
    if (typeof meta === 'object' && meta !== null && isOwnEnumerable.call(meta, 'description')) {
      // A schema without the getter (Zod Mini) has no description to read.
      return 'description' in schema ? (meta as { description?: unknown }).description : undefined;
    }
    current = current._zod?.parent;
  }
  return current === undefined ? undefined : schema.description;
}

/** Only a schema with metadata of its own, or an ancestor with some, can have a description. */
function descriptionByGetter(schema: ZodLike): unknown {
  let current: ZodLike | undefined = schema;
  for (let depth = 0; current !== undefined && depth < 32; depth++) {
    if (globalRegistry.has(current as never)) return schema.description;
    current = current._zod?.parent;
  }
  return current === undefined ? undefined : schema.description;
}

function collectWords(def: ZodDef, words: string[]): void {
  if (def.type === 'enum' && def.entries !== undefined) {
    for (const key in def.entries) {
      const value = def.entries[key];
      if (typeof value === 'string') words.push(value);
    }
  } else if (def.type === 'literal' && def.values !== undefined) {
    for (const value of def.values) if (typeof value === 'string') words.push(value);
  } else if (def.type === 'object' && def.shape !== undefined) {
    for (const key in def.shape) words.push(key);
  }
}
