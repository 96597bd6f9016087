import { z } from 'zod';
import { ToolDefinitionError } from '../errors/armorer-error';
import { isZodSchema } from './normalize-schema';
import { isStandardSchema, standardJsonSchema } from './standard-schema';
import type { StandardSchemaV1 } from './standard-schema-types';
import type { ToolConfiguration, ToolMetadata } from './types';

/**
 * The output schema of a tool: its `output` option, else `metadata.outputSchema` when that is a schema
 * (Zod or any Standard Schema). A plain JSON Schema in `metadata.outputSchema` describes the result for
 * exports but validates nothing, so it is not an output schema here.
 */
export function normalizeOutputSchema(
  name: string,
  output: unknown,
  metadata: ToolMetadata | undefined,
): StandardSchemaV1 | undefined {
  if (output !== undefined) {
    if (isZodSchema(output) || isStandardSchema(output)) return output as StandardSchemaV1;
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_SCHEMA',
      message: `Tool "${name}": output must be a Zod schema or a Standard Schema validator (Valibot, ArkType, ...).`,
    });
  }
  const declared = metadata?.outputSchema;
  return isZodSchema(declared) || isStandardSchema(declared) ? (declared as StandardSchemaV1) : undefined;
}

const outputJsonSchemas = new WeakMap<ToolConfiguration, Record<string, unknown> | null>();

/**
 * The JSON Schema of what a tool returns, for exports (MCP `outputSchema`, OpenAPI responses): from its
 * output schema (Zod's `z.toJSONSchema`, output side; a Standard Schema's Standard JSON Schema), else a
 * JSON Schema given as `metadata.outputSchema`. `undefined` when the tool declares none. Cached per
 * configuration.
 *
 * @example
 * ```ts
 * toolOutputJsonSchema(tool.configuration); // { type: 'object', properties: { sum: { type: 'number' } }, ... }
 * ```
 */
export function toolOutputJsonSchema(configuration: ToolConfiguration): Record<string, unknown> | undefined {
  let json = outputJsonSchemas.get(configuration);
  if (json === undefined) {
    json = outputJsonSchemaOf(configuration) ?? null;
    outputJsonSchemas.set(configuration, json);
  }
  return json ?? undefined;
}

function outputJsonSchemaOf(configuration: ToolConfiguration): Record<string, unknown> | undefined {
  const output = configuration.output;
  if (output !== undefined) {
    const json = isZodSchema(output)
      ? (z.toJSONSchema(output, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>)
      : standardJsonSchema(configuration.name, output, 'output');
    if (json !== undefined) return json;
  }
  const declared = configuration.metadata?.outputSchema;
  if (typeof declared !== 'object' || declared === null || Array.isArray(declared)) return undefined;
  if (isZodSchema(declared) || isStandardSchema(declared)) return undefined;
  return declared as Record<string, unknown>;
}
