import { z } from 'zod';
import type { ObjectSchema, SerializedTool, ToolConfiguration } from './types';

const jsonSchemas = new WeakMap<ObjectSchema, Record<string, unknown>>();

/**
 * The JSON Schema of a tool's arguments, made by Zod 4's own `z.toJSONSchema` (input side, so defaults
 * and optional fields read as callers send them). Cached per schema.
 */
export function toolInputJsonSchema(schema: ObjectSchema): Record<string, unknown> {
  let json = jsonSchemas.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    jsonSchemas.set(schema, json);
  }
  return json;
}

/**
 * Records the JSON Schema a schema was converted from, so hydrated tools serialize back to exactly the
 * declaration they came from (export -> import -> export is a fixed point). Importers that build their
 * Zod schema themselves (for example lazily, as `@armorer/openapi` does) call it before `createTool`.
 *
 * @example
 * ```ts
 * const schema = z.object({ a: z.number() });
 * rememberJsonSchema(schema, { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] });
 * ```
 */
export function rememberJsonSchema(schema: ObjectSchema, json: Record<string, unknown>): void {
  jsonSchemas.set(schema, json);
}

/**
 * Serializes a tool configuration: name, description, tags, metadata, risk and the JSON Schema of its
 * arguments. The implementation and the context are never serialized.
 *
 * @example
 * ```ts
 * JSON.stringify(serializeTool(addNumbers.configuration));
 * ```
 */
export function serializeTool(configuration: ToolConfiguration): SerializedTool {
  const serialized: { -readonly [K in keyof SerializedTool]: SerializedTool[K] } = {
    name: configuration.name,
    description: configuration.description,
    tags: [...configuration.tags],
    input: toolInputJsonSchema(configuration.schema),
  };
  if (configuration.metadata !== undefined) serialized.metadata = configuration.metadata;
  if (configuration.risk !== undefined) serialized.risk = configuration.risk;
  return serialized;
}
