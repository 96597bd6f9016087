import { z } from 'zod';
import { ArmorerError, ToolDefinitionError } from '../errors/armorer-error';
import { zodDef } from '../schema/zod-walker';
import { createToolFromConfig } from '../tool/create-tool';
import { rememberJsonSchema } from '../tool/serialize';
import type { AnyTool, ObjectSchema, SerializedTool } from '../tool/types';
import type { ToolboxOptions } from './types';

/** True for a serialized configuration (JSON data, not a tool). */
export function isSerializedTool(value: unknown): value is SerializedTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SerializedTool).name === 'string' &&
    typeof (value as SerializedTool).input === 'object' &&
    zodDef((value as { input: unknown }).input) === undefined
  );
}

/** Converts a JSON Schema of arguments into a Zod object schema with Zod 4's own `z.fromJSONSchema`. */
export function jsonSchemaToObjectSchema(toolName: string, input: Record<string, unknown>): z.ZodType {
  const isEmpty =
    input['type'] === undefined && input['properties'] === undefined && input['$ref'] === undefined;
  if (isEmpty) return z.object({});
  let schema: z.ZodType;
  try {
    schema = z.fromJSONSchema(input as Parameters<typeof z.fromJSONSchema>[0]);
    if (zodDef(schema)?.type !== 'object' && input['type'] === 'object') schema = objectWith(schema);
  } catch (error) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_SCHEMA',
      message: `Tool "${toolName}": its JSON Schema could not be converted: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  return schema;
}

/**
 * An object schema that validates with `full`: a root `allOf`/`anyOf`/`oneOf` beside `type: 'object'`
 * (common in MCP declarations) converts to an intersection or union, and a tool's input must be an
 * object schema. Arguments are checked against `full` and receive its output (defaults applied).
 */
function objectWith(full: z.ZodType): z.ZodType {
  return z
    .looseObject({})
    .superRefine((value, context) => {
      const result = full.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) context.addIssue({ ...issue });
    })
    .overwrite((value) => {
      const result = full.safeParse(value);
      return result.success ? (result.data as typeof value) : value;
    });
}

/**
 * Turns a serialized configuration back into a tool. The implementation comes from the configuration's
 * own `execute`, then `options.getTool`; without either, calls fail with TOOL_NOT_IMPLEMENTED.
 */
export function hydrateTool(serialized: SerializedTool, options: ToolboxOptions<object>): AnyTool {
  const name = serialized.name;
  const own = (serialized as { execute?: unknown }).execute;
  const execute =
    typeof own === 'function'
      ? own
      : (options.getTool?.(serialized) ??
        (() => {
          throw new ArmorerError({
            code: 'TOOL_NOT_IMPLEMENTED',
            message: `Tool "${name}" has no implementation in this process. Provide one with createToolbox(..., { getTool }).`,
          });
        }));
  const input = jsonSchemaToObjectSchema(name, serialized.input);
  if (zodDef(input)?.type === 'object') {
    rememberJsonSchema(input as ObjectSchema, serialized.input);
  }
  return createToolFromConfig({
    name,
    description: serialized.description,
    input,
    tags: serialized.tags,
    metadata: serialized.metadata,
    risk: serialized.risk,
    execute,
  });
}
