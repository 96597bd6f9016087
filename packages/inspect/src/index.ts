/**
 * @armorer/inspect: side-effect-free, JSON-friendly snapshots of tools and toolboxes for logs, diagnostics and
 * inventory screens, with the Zod schemas of every result (validate them, or derive JSON Schema for an API).
 *
 * @example
 * ```ts
 * import { inspectRegistry, RegistryInspectionSchema } from '@armorer/inspect';
 *
 * const inspection = inspectRegistry(toolbox, 'full');
 * RegistryInspectionSchema.parse(inspection);
 * console.log(inspection.counts.untrustedOutput);
 * ```
 *
 * @module
 */
export { extractMetadataFlags, extractSchemaSummary } from './inspection/extract';
export { inspectRegistry, inspectTool } from './inspection/inspect';
export type {
  InspectorDetailLevel,
  MetadataFlags,
  RegistryInspection,
  SchemaFieldSummary,
  SchemaSummary,
  ToolInspection,
} from './inspection/schemas';
export {
  InspectorDetailLevelSchema,
  MetadataFlagsSchema,
  RegistryInspectionSchema,
  SchemaFieldSummarySchema,
  SchemaSummarySchema,
  ToolInspectionSchema,
} from './inspection/schemas';
