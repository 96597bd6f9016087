import type { ToolMetadata, ToolRisk } from '@armorer/core';
import { fieldFacts, shapeOf } from '../schema/field-type';
import type { MetadataFlags, SchemaFieldSummary, SchemaSummary } from './schemas';

const ENFORCED_KEYS = new Set(['mutates', 'readOnly', 'dangerous', 'concurrency']);

/**
 * Summarizes a tool's input schema (a Zod object schema or a plain shape) without converting it to JSON
 * Schema: its parameter names, the required ones, and with `{ shape: true }` a readable type per parameter.
 * Anything that is not an object schema has no parameters.
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
 * `risk.untrustedOutput`) as plain booleans, plus the names of any other metadata keys.
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
    metadata === undefined ? [] : Object.keys(metadata).filter((key) => !ENFORCED_KEYS.has(key));
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
