/**
 * @armorer/core: type-safe tools, validated execution, immutable toolbox composition, events and policy.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from '@armorer/core';
 * import { z } from 'zod';
 *
 * const addNumbers = createTool({
 *   name: 'add-numbers',
 *   description: 'Add two numbers together',
 *   input: z.object({ a: z.number(), b: z.number() }),
 *   async execute({ a, b }) {
 *     return a + b;
 *   },
 * });
 * const toolbox = createToolbox([addNumbers]);
 * const result = await toolbox.execute({ id: 'call-1', name: 'add-numbers', arguments: { a: 5, b: 3 } });
 * ```
 *
 * @module
 */
export type { ApprovalContext } from './approval/resume-state';
export type { ResumeApprovalOptions, ResumedToolResult } from './approval/types';
export * from './errors/index';
export type * from './events/types';
export type {
  ExecutionInterceptor,
  InterceptedExecuteOptions,
  InterceptedInvocation,
  PausedInvocation,
} from './execution/interceptor';
export { EXECUTION_INTERCEPTOR, withExecutionInterceptor } from './execution/interceptor';
export type { ExecutionObserver, ObservedCall } from './execution/observer';
export type { ToolCallPreview, ToolCallPreviewStatus } from './execution/preview';
export { RESERVED_CONTEXT_KEYS } from './execution/registration';
export type {
  ExecutionProjection,
  ProjectionAudience,
  ProjectionOptions,
} from './execution/snapshots/projection';
export { projectExecutionSnapshot } from './execution/snapshots/projection';
export type * from './execution/snapshots/snapshot-types';
export type { SpanContextLike, SpanLinkLike, TraceContextLike } from './execution/trace-context';
export type * from './execution/types';
export type {
  ToolConfigurationPatch,
  ToolMiddleware,
  ToolMiddlewareFunction,
} from './middleware/create-middleware';
export { createMiddleware, isMiddleware } from './middleware/create-middleware';
export { narrowCapabilities } from './policy/narrow-capabilities';
export type { RequestAuthority, RequestContext } from './policy/request-context';
export { freezeRequestContext } from './policy/request-context';
export type * from './policy/types';
// For armorer packages (inspect, query): the one reader of Zod's internals; follows them, may change.
export { zodDescription } from './schema/zod-description';
export type { UnwrapZodFieldOptions, ZodDef, ZodField, ZodSchemaLike } from './schema/zod-walker';
export { unwrapZodField, zodDef, zodObjectShape } from './schema/zod-walker';
export { isTool } from './tool/create-tool';
export type { LazyExecute } from './tool/lazy';
export { lazy } from './tool/lazy';
export type { KnownMetadataKey } from './tool/metadata';
export { KNOWN_METADATA_KEYS, misspelledMetadataKey } from './tool/metadata';
export type { CheckedMetadata, MetadataNearMiss } from './tool/metadata-check';
export { UNTRUSTED_OUTPUT_TAG } from './tool/normalize-config';
export { toolOutputJsonSchema } from './tool/output';
export type { EmptyInput, ToolRegistrar } from './tool/public';
export { createTool, createToolCall, withContext } from './tool/public';
export { rememberJsonSchema, serializeTool, toolInputJsonSchema } from './tool/serialize';
export { isStandardSchema, standardSchemaOf } from './tool/standard-schema';
export type { StandardJSONSchemaV1, StandardSchemaV1 } from './tool/standard-schema-types';
export { getToolRevision } from './tool/tool-revision';
export type * from './tool/types';
export type { AdapterLoadErrorCode } from './toolbox/adapter-load-error';
export { AdapterLoadError } from './toolbox/adapter-load-error';
export type { ProviderAdapterModule } from './toolbox/adapter-registry';
export { registerProviderAdapter } from './toolbox/adapter-registry';
export { combineToolbox, combineToolboxes, FORWARDED_TOOLBOX_OPTIONS } from './toolbox/combine';
export type { EmbeddingVectors, ToolboxEmbedder } from './toolbox/embedder';
export { isToolbox } from './toolbox/internals';
export type { LoopDetectionOptions } from './toolbox/loop-detection';
export type { ResolutionTier } from './toolbox/name-resolution';
export type {
  ProviderExportOptions,
  ProviderName,
  ProviderToolDeclaration,
} from './toolbox/provider-exporters';
export type {
  DeclarationImportFailure,
  DeclarationImportOptions,
  ProviderImportOptions,
  ToolsOf,
} from './toolbox/public';
export { createToolbox } from './toolbox/public';
export {
  emitToolboxEvent,
  getToolboxEmbedder,
  getToolboxRevision,
  observeToolbox,
  previewToolCall,
} from './toolbox/satellite';
export { suggestToolNames } from './toolbox/suggest';
export type * from './toolbox/types';
