/**
 * @armorer/adapter-shared: the parts the provider adapters (`@armorer/adapter-openai`, `-anthropic`,
 * `-gemini`) share: JSON Schema walking and normalization, conversion warnings, provider-safe tool names,
 * the per-tool export cache, strict-mode null mapping and result formatting helpers. Application code
 * normally uses the adapters, not this package.
 *
 * @example
 * ```ts
 * import { normalizeParameterSchema, providerToolName } from '@armorer/adapter-shared';
 *
 * providerToolName('openai', 'triangle_properties.get'); // 'triangle_properties_get'
 * normalizeParameterSchema('area', { type: 'dict', properties: { r: { type: 'float' } } });
 * // { type: 'object', properties: { r: { type: 'number' } } }
 * ```
 *
 * @module
 */
export { notRunResult, resumeSafely } from './approvals/resume-safely';
export { stripOptionalNulls } from './calls/strip-nulls';
export type { ExportSpec, ToolConversionInput } from './conversion/export-tools';
export { exportableSchema, exportTools } from './conversion/export-tools';
export type {
  AdapterProvider,
  ConversionReportOptions,
  ConversionWarning,
  ConversionWarningCode,
} from './conversion/warnings';
export { PROVIDER_LABEL, WarningCollector } from './conversion/warnings';
export type { ProviderAdapterErrorCode } from './errors/provider-adapter-error';
export { ProviderAdapterError } from './errors/provider-adapter-error';
export type { DeclarationReader, DeclaredTool } from './import/import-tools';
export {
  declarationArray,
  declarationList,
  declarationObject,
  importTools,
  invalidDeclaration,
  readNameAndDescription,
} from './import/import-tools';
export type { NameRule } from './names/provider-names';
export {
  NAME_RULES,
  originalToolName,
  providerToolName,
  registerProviderName,
} from './names/provider-names';
export { formatResults, formatResultsAsync } from './results/format-results';
export {
  assertNoLiveStreams,
  collectLiveStreams,
  errorData,
  hasLiveStream,
  resultData,
  resultError,
  resultText,
  toResultList,
} from './results/result-content';
export type { CopyRules, KeywordDecision } from './schema/copy-schema';
export { cloneJson, copySchema, deepFreeze, dropAtTopLevel, KEEP_ALL } from './schema/copy-schema';
export type { JsonSchema, MutableJsonSchema } from './schema/json-schema';
export {
  ANNOTATION_KEYWORDS,
  ARRAY_SUBSCHEMA_KEYWORDS,
  acceptsNull,
  isJsonObject,
  isUnconstrained,
  isVacuousKeyword,
  MAP_SUBSCHEMA_KEYWORDS,
  pointer,
  requiredOf,
  resolveLocalRef,
  SINGLE_SUBSCHEMA_KEYWORDS,
  typesOf,
} from './schema/json-schema';
export { mergeAllOf } from './schema/merge-all-of';
export { normalizeParameterSchema } from './schema/normalize-schema';
export { resolveReferences, SchemaReferenceError } from './schema/references';
export { toolsByDeclaredName } from './tools/declared-names';
export type { ToolSource } from './tools/resolve-tools';
export { resolveTools } from './tools/resolve-tools';
