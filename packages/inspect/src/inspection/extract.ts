import {
  KNOWN_METADATA_KEYS,
  type ObjectSchema,
  standardSchemaOf,
  type ToolMetadata,
  type ToolRisk,
  toolInputJsonSchema,
} from '@armorer/core';
import { fieldFacts, shapeOf } from '../schema/field-type';
import { summarizeJsonSchema } from '../schema/json-summary';
import type { MetadataFlags, SchemaFieldSummary, SchemaSummary } from './schemas';

/**
 * Summarizes a tool's input schema (a Zod object schema or a plain shape) without converting it to JSON
 * Schema: its parameter names, the required ones, and with `{ shape: true }` a readable type per parameter.
 * A tool's input given as another Standard Schema validator (Valibot, ArkType, ...) is summarized from its
 * JSON Schema. Anything that is not an object schema has no parameters.
 *
 * @example
 * ```ts
 * extractSchemaSummary(z.object({ city: z.string(), units: z.enum(['c', 'f']).optional() }), { shape: true });
 * // { keys: ['city', 'units'], required: ['city'],
 * //   shape: { city: { type: 'string', ... }, units: { type: '"c" | "f"', optional: true, ... } } }
 * ```
 */
export function extractSchemaSummary(
  schema: unknown,
  options: { readonly shape?: boolean } = {},
): SchemaSummary {
  if (
    typeof schema === 'object' &&
    schema !== null &&
    standardSchemaOf(schema as ObjectSchema) !== undefined
  ) {
    return summarizeJsonSchema(toolInputJsonSchema(schema as ObjectSchema), options.shape === true);
  }
  const shape = shapeOf(schema);
  if (shape === undefined)
    return options.shape === true ? { keys: [], required: [], shape: {} } : { keys: [], required: [] };
  const keys = Object.keys(shape);
  const required: string[] = [];
  const fields: Record<string, SchemaFieldSummary> = {};
  for (const key of keys) {
    const facts = fieldFacts(shape[key]);
    if (!facts.optional) required.push(key);
    if (options.shape === true) {
      fields[key] = {
        type: facts.type,
        optional: facts.optional,
        nullable: facts.nullable,
        ...(facts.description === undefined ? {} : { description: facts.description }),
      };
    }
  }
  return options.shape === true ? { keys, required, shape: fields } : { keys, required };
}

/**
 * The metadata keys and risk flags armorer enforces (`mutates`, `readOnly`, `dangerous`, `concurrency`,
 * `risk.untrustedOutput`) as plain booleans, plus the names of the free-form metadata keys (those
 * armorer never reads: not in `KNOWN_METADATA_KEYS`).
 *
 * @example
 * ```ts
 * extractMetadataFlags({ mutates: true, owner: 'team-a' }, { untrustedOutput: true });
 * // { mutates: true, readOnly: false, dangerous: false, untrustedOutput: true,
 * //   hasCustomMetadata: true, customKeys: ['owner'] }
 * ```
 */
export function extractMetadataFlags(metadata: ToolMetadata | undefined, risk?: ToolRisk): MetadataFlags {
  const concurrency = metadata?.concurrency;
  const customKeys =
    metadata === undefined
      ? []
      : Object.keys(metadata).filter((key) => !Object.hasOwn(KNOWN_METADATA_KEYS, key));
  return {
    mutates: metadata?.mutates === true,
    readOnly: metadata?.readOnly === true,
    dangerous: metadata?.dangerous === true,
    untrustedOutput: risk?.untrustedOutput === true,
    ...(typeof concurrency === 'number' && Number.isInteger(concurrency) && concurrency > 0
      ? { concurrency }
      : {}),
    hasCustomMetadata: customKeys.length > 0,
    customKeys,
  };
}
