/**
 * @armorer/mcp: serve an armorer toolbox over the Model Context Protocol (the 2026-07-28 revision and
 * the 2025 revisions) and import an MCP server's tools as armorer tools. Server-only; serving needs the
 * official SDK, an optional peer: `@modelcontextprotocol/server` 2.x (both eras) or
 * `@modelcontextprotocol/sdk` 1.x (the 2025 era).
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { createMCP } from '@armorer/mcp';
 *
 * const mcp = createMCP(createToolbox([addNumbers]), { name: 'math', version: '1.0.0' });
 * await mcp.serveStdio();
 * ```
 *
 * @module
 */
export type { ClaudeAgentMcpServer, ClaudeAgentMcpServerOptions } from './claude/claude-agent-server';
export { createClaudeAgentMcpServer } from './claude/claude-agent-server';
export { fingerprintMcpTool } from './client/fingerprint';
export { fromMcpTools } from './client/from-mcp-tools';
export { McpToolCallError } from './client/imported-tool';
export type { McpDefinitionErrorCode } from './client/mcp-definition-error';
export { McpDefinitionError } from './client/mcp-definition-error';
export type {
  FromMcpToolsOptions,
  McpClientLike,
  McpClientRequestOptions,
  McpDefinitionChange,
  McpImportedTools,
  McpProgress,
} from './client/types';
export type { ToMcpToolsOptions } from './declarations/to-mcp-tools';
export { toMcpTool, toMcpTools, toolAnnotations, toolOutputSchema } from './declarations/to-mcp-tools';
export type {
  McpCallToolResult,
  McpContentBlock,
  McpObjectSchema,
  McpToolAnnotations,
  McpToolDeclaration,
} from './declarations/types';
export { ERROR_META_KEY } from './declarations/types';
export type { McpAuthInfo, McpHttpOptions, McpHttpServer } from './http/types';
export type {
  McpObservable,
  McpObservedOutcome,
  McpObservedRequest,
  McpObserver,
} from './observe/types';
export { MCP_OBSERVE } from './observe/types';
export { createMCP } from './server/create-mcp';
export type {
  ArmorerMcpServer,
  CreateMcpOptions,
  ElicitedRequestContext,
  McpCallInfo,
  McpCallOptions,
  McpCloseOptions,
  McpElicitationAnswer,
  McpSession,
  McpTransport,
} from './server/types';
