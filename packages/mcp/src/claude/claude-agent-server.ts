import { isToolbox, type Toolbox } from '@armorer/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Observers } from '../observe/observers';
import { installV1Handlers } from '../server/backend-v1';
import type { CallHost } from '../server/call-host';
import { ProgressRouter } from '../server/progress-router';
import { SessionState, sessionLimitOf } from '../server/session-state';
import type { CreateMcpOptions } from '../server/types';

/** Options of {@link createClaudeAgentMcpServer}. */
export interface ClaudeAgentMcpServerOptions<TServer>
  extends Omit<CreateMcpOptions, 'name' | 'sdk' | 'listCache'> {
  /** The server name the agent sees (tools appear as `mcp__<name>__<tool>`). */
  readonly name: string;
  /**
   * The `McpServer` class of `@modelcontextprotocol/sdk/server/mcp.js`, the one the Claude Agent SDK
   * types its `instance` with. Passing it keeps this package free of a hard dependency on either SDK
   * and makes the returned configuration exactly the SDK's `McpSdkServerConfigWithInstance`.
   */
  readonly McpServer: new (
    serverInfo: { name: string; version: string },
    options?: { instructions?: string },
  ) => TServer;
}

/** An in-process MCP server configuration for the Claude Agent SDK's `mcpServers` option. */
export interface ClaudeAgentMcpServer<TServer> {
  readonly type: 'sdk';
  readonly name: string;
  readonly instance: TServer;
}

/**
 * Builds an in-process ("sdk" type) MCP server for the Claude Agent SDK from a toolbox: the agent lists
 * the toolbox's tools (with annotations from metadata) and every call runs through the armorer
 * pipeline. Use it where you would use the Agent SDK's `createSdkMcpServer`.
 *
 * @example
 * ```ts
 * import { query } from '@anthropic-ai/claude-agent-sdk';
 * import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
 * import { createClaudeAgentMcpServer } from '@armorer/mcp';
 *
 * const armorer = createClaudeAgentMcpServer(toolbox, { name: 'armorer', McpServer });
 * for await (const message of query({ prompt: 'Add 2 and 3', options: { mcpServers: { armorer } } })) {
 *   console.log(message);
 * }
 * ```
 */
export function createClaudeAgentMcpServer<TServer extends { readonly server: object }>(
  toolbox: Toolbox,
  options: ClaudeAgentMcpServerOptions<TServer>,
): ClaudeAgentMcpServer<TServer> {
  if (!isToolbox(toolbox)) {
    throw new TypeError('createClaudeAgentMcpServer(toolbox) expects a toolbox created by createToolbox().');
  }
  const { McpServer, name, version, instructions } = options;
  const instance = new McpServer(
    { name, version: version ?? '0.0.0' },
    instructions === undefined ? undefined : { instructions },
  );
  let sequence = 0;
  const host: CallHost = {
    options: { ...options, name },
    progress: new ProgressRouter(),
    observers: new Observers(),
    tasks: undefined,
    idempotent: undefined,
    currentToolbox: () => toolbox,
    admit: () => () => {},
    nextCallId: () => `claude-${name}-${++sequence}`,
  };
  const session = new SessionState(undefined, sessionLimitOf(options.maxConcurrentCallsPerSession));
  installV1Handlers(instance.server as Server, host, session);
  return { type: 'sdk', name, instance };
}
