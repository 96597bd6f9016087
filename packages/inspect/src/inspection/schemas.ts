import { z } from 'zod';

/**
 * How much an inspection shows: `summary` (name, description, tags), `standard` (plus parameter names and
 * metadata flags; the default) or `full` (plus the type, optionality and description of every parameter).
 */
export const InspectorDetailLevelSchema = z.enum(['summary', 'standard', 'full']);
/** See {@link InspectorDetailLevelSchema}. */
export type InspectorDetailLevel = z.infer<typeof InspectorDetailLevelSchema>;

/** One parameter in a `full` inspection: a readable type (`string`, `array<number>`, `"a" | "b"`), ... */
export const SchemaFieldSummarySchema = z.object({
  type: z.string(),
  optional: z.boolean(),
  nullable: z.boolean(),
  description: z.string().optional(),
});
/** See {@link SchemaFieldSummarySchema}. */
export type SchemaFieldSummary = z.infer<typeof SchemaFieldSummarySchema>;

/** The parameters of a tool: all keys, the required ones, and per key a summary (`full` only). */
export const SchemaSummarySchema = z.object({
  keys: z.array(z.string()),
  required: z.array(z.string()),
  shape: z.record(z.string(), SchemaFieldSummarySchema).optional(),
});
/** See {@link SchemaSummarySchema}. */
export type SchemaSummary = z.infer<typeof SchemaSummarySchema>;

/** The metadata keys and risk flags armorer acts on, and whether the tool carries anything else. */
export const MetadataFlagsSchema = z.object({
  mutates: z.boolean(),
  readOnly: z.boolean(),
  dangerous: z.boolean(),
  untrustedOutput: z.boolean(),
  concurrency: z.number().int().positive().optional(),
  hasCustomMetadata: z.boolean(),
  customKeys: z.array(z.string()),
});
/** See {@link MetadataFlagsSchema}. */
export type MetadataFlags = z.infer<typeof MetadataFlagsSchema>;

/** What `inspectTool` returns; `input` and `metadata` from the `standard` level on. */
export const ToolInspectionSchema = z.object({
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  input: SchemaSummarySchema.optional(),
  metadata: MetadataFlagsSchema.optional(),
});
/** See {@link ToolInspectionSchema}. */
export type ToolInspection = z.infer<typeof ToolInspectionSchema>;

/** What `inspectRegistry` returns: counts and one inspection per tool, in registration order. */
export const RegistryInspectionSchema = z.object({
  detailLevel: InspectorDetailLevelSchema,
  counts: z.object({
    total: z.number().int().nonnegative(),
    withTags: z.number().int().nonnegative(),
    withMetadata: z.number().int().nonnegative(),
    mutating: z.number().int().nonnegative(),
    readOnly: z.number().int().nonnegative(),
    dangerous: z.number().int().nonnegative(),
    untrustedOutput: z.number().int().nonnegative(),
  }),
  tools: z.array(ToolInspectionSchema),
});
/** See {@link RegistryInspectionSchema}. */
export type RegistryInspection = z.infer<typeof RegistryInspectionSchema>;
