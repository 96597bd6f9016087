import { unwrapZodField, type ZodDef, zodDescription, zodObjectShape } from '@armorer/core';

/** One top-level parameter of a tool's object schema, read from the Zod schema without conversion. */
export interface SchemaField {
  readonly key: string;
  readonly description: string | undefined;
  readonly optional: boolean;
  /** Enum members, literal values and nested object keys: words a request may use for this field. */
  readonly words: readonly string[];
}

/**
 * The shape of an object schema, or `undefined` when the value is not one. Read from `_zod.def` by core's
 * walker (the documented surface for libraries) rather than the classic `.shape` getter, which installs
 * itself on first use; a value that is no Zod schema answers its own `shape` property.
 */
export function schemaShape(schema: unknown): Readonly<Record<string, unknown>> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const zod = zodObjectShape(schema);
  if (zod !== undefined) return zod;
  const shape = (schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? (shape as Record<string, unknown>) : undefined;
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
    const found = inspectField(shape[key], words);
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
    const { description } = inspectField(shape[key], texts);
    if (description !== undefined) texts.push(description);
  }
}

const THROUGH_EVERYTHING = { pipes: true, arrays: true, description: zodDescription } as const;

/** Walks a field through its wrappers (core's walker), appending the words of the schema under them. */
function inspectField(
  field: unknown,
  words: string[],
): { readonly description: string | undefined; readonly optional: boolean } {
  const found = unwrapZodField(field, THROUGH_EVERYTHING);
  if (found.def !== undefined) collectWords(found.def, words);
  return found;
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
