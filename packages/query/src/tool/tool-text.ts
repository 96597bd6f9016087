import type { AnyTool } from '@armorer/core';
import { collectSchemaTexts } from './schema-fields';

/**
 * The searchable text fields of a tool.
 *
 * @example
 * ```ts
 * queryTools(toolbox, { text: { query: 'city', fields: TEXT_FIELDS.filter((field) => field !== 'metadataKeys') } });
 * ```
 */
export const TEXT_FIELDS = [
  'name',
  'description',
  'tags',
  'schemaKeys',
  'schemaDescriptions',
  'metadataKeys',
] as const;

/**
 * A searchable field of a tool: its name, description, tags, parameter names (`schemaKeys`), parameter
 * descriptions with enum values and nested keys (`schemaDescriptions`), and metadata keys.
 */
export type TextField = (typeof TEXT_FIELDS)[number];

/**
 * The texts of one tool, one list per {@link TEXT_FIELDS} field: the name and the description whole, the
 * other fields as their parts (each tag, each key, each parameter description), which recur across tools.
 */
export type ToolTexts = readonly [
  readonly [string],
  readonly [string],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
];

/**
 * Appends the searchable texts of a tool to `out`, one list per field: the allocation-light path of the
 * search index.
 */
export function collectToolTexts(tool: AnyTool, out: readonly string[][]): void {
  // The configuration is a plain object: faster to read than the properties of the callable tool.
  const configuration = tool.configuration;
  (out[0] as string[]).push(configuration.name);
  (out[1] as string[]).push(configuration.description);
  const tags = out[2] as string[];
  for (const tag of configuration.tags) tags.push(tag);
  collectSchemaTexts(configuration.schema, out[3] as string[], out[4] as string[]);
  const metadata = configuration.metadata;
  if (metadata !== undefined) for (const key of Object.keys(metadata)) (out[5] as string[]).push(key);
}

/** Reads the searchable texts of a tool from its configuration (no JSON Schema conversion). */
export function toolTexts(tool: AnyTool): ToolTexts {
  const configuration = tool.configuration;
  const keys: string[] = [];
  const descriptions: string[] = [];
  collectSchemaTexts(configuration.schema, keys, descriptions);
  const metadata = configuration.metadata;
  return [
    [tool.name],
    [tool.description],
    configuration.tags,
    keys,
    descriptions,
    metadata === undefined ? [] : Object.keys(metadata),
  ];
}
