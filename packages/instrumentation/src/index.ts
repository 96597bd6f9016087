/**
 * @armorer/instrumentation: OpenTelemetry tracing of armorer toolboxes by the OTel GenAI conventions, and of
 * `@armorer/mcp` servers and imports by the OTel MCP conventions.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { instrument } from '@armorer/instrumentation';
 *
 * const toolbox = createToolbox([lookupAccount]);
 * instrument(toolbox); // every call now emits an `execute_tool lookupAccount` span
 * ```
 *
 * @module
 */
export { ATTRIBUTES, EXECUTE_TOOL } from './attributes';
export { digestOf } from './digest';
export { INSTRUMENTATION_SCOPE, type InstrumentOptions, instrument } from './instrument';
export { MCP_ATTRIBUTES } from './mcp/mcp-attributes';
