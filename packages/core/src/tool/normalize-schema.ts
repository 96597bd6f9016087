import { z } from 'zod';
import { ToolDefinitionError } from '../errors/armorer-error';
import type { ObjectSchema } from './types';

interface ZodInternals {
  readonly _zod: { readonly def: { readonly type: string } };
}

/** True for any Zod 4 schema (classic or mini). */
export function isZodSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ZodInternals>)._zod === 'object' &&
    typeof (value as ZodInternals)._zod.def === 'object'
  );
}

/**
 * Normalizes a tool's `input` to an object schema: `undefined` becomes `z.object({})`, a plain shape is
 * wrapped with `z.object`, any other schema is refused with a clear error at creation.
 */
export function normalizeInputSchema(toolName: string, input: unknown): ObjectSchema {
  if (input === undefined) return z.object({});
  if (isZodSchema(input)) {
    const type = (input as unknown as ZodInternals)._zod.def.type;
    if (type === 'object') return input as unknown as ObjectSchema;
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_SCHEMA',
      message:
        `Tool "${toolName}": the input schema must be an object schema (z.object(...) or a plain shape), ` +
        `got a "${type}" schema. Tool calls always pass a JSON object, so wrap the value: ` +
        `z.object({ value: <schema> }).`,
    });
  }
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const entries = Object.entries(input);
    const invalid = entries.filter(([, value]) => !isZodSchema(value)).map(([key]) => key);
    if (invalid.length === 0) return z.object(input as Record<string, z.ZodType>);
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_SCHEMA',
      message: `Tool "${toolName}": the input shape has values that are not Zod schemas: ${invalid.join(', ')}.`,
    });
  }
  throw new ToolDefinitionError({
    code: 'INVALID_TOOL_SCHEMA',
    message: `Tool "${toolName}": input must be a Zod object schema or a plain object shape, got ${describeType(input)}.`,
  });
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
