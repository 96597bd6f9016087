import { z } from 'zod';
import { ToolDefinitionError } from '../errors/armorer-error';
import { zodDef } from '../schema/zod-walker';
import { rememberJsonSchema } from './serialize';
import { isStandardSchema, standardInputSchema } from './standard-schema';
import type { ObjectSchema } from './types';

/** True for any Zod 4 schema (classic or mini). */
export function isZodSchema(value: unknown): value is z.ZodType {
  return zodDef(value) !== undefined;
}

/**
 * Normalizes a tool's `input` to an object schema: `undefined` becomes `z.object({})`, a plain shape is
 * wrapped with `z.object`, a Zod 4 object schema is used as is (the fast path), any other Standard Schema
 * validator is wrapped (see `standardInputSchema`), anything else is refused with a clear error at
 * creation. `jsonSchema`, when given, is the JSON Schema exports use for the arguments.
 */
export function normalizeInputSchema(
  toolName: string,
  input: unknown,
  jsonSchema?: Record<string, unknown>,
): ObjectSchema {
  if (input === undefined && jsonSchema === undefined) return z.object({});
  if (input === undefined) return withJsonSchema(z.object({}), jsonSchema);
  if (isZodSchema(input)) {
    const type = zodDef(input)?.type;
    if (type === 'object') return withJsonSchema(input as unknown as ObjectSchema, jsonSchema);
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_SCHEMA',
      message:
        `Tool "${toolName}": the input schema must be an object schema (z.object(...) or a plain shape), ` +
        `got a "${type}" schema. Tool calls always pass a JSON object, so wrap the value: ` +
        `z.object({ value: <schema> }).`,
    });
  }
  if (isStandardSchema(input)) return standardInputSchema(toolName, input, jsonSchema);
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const entries = Object.entries(input);
    const invalid = entries.filter(([, value]) => !isZodSchema(value)).map(([key]) => key);
    if (invalid.length === 0) {
      return withJsonSchema(z.object(input as Record<string, z.ZodType>), jsonSchema);
    }
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_SCHEMA',
      message: `Tool "${toolName}": the input shape has values that are not Zod schemas: ${invalid.join(', ')}.`,
    });
  }
  throw new ToolDefinitionError({
    code: 'INVALID_TOOL_SCHEMA',
    message: `Tool "${toolName}": input must be a Zod object schema, a plain object shape or a Standard Schema validator (Valibot, ArkType, ...), got ${describeType(input)}.`,
  });
}

/**
 * A Zod input with an explicit JSON Schema: a copy of the schema (so a schema shared by several tools
 * keeps its own JSON Schema elsewhere) remembered with it for exports.
 */
function withJsonSchema(schema: ObjectSchema, jsonSchema: Record<string, unknown> | undefined): ObjectSchema {
  if (jsonSchema === undefined) return schema;
  const copy = z.core.clone(schema) as unknown as ObjectSchema;
  rememberJsonSchema(copy, jsonSchema);
  return copy;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
