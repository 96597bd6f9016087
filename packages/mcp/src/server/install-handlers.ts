import type { Toolbox } from '@armorer/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { toMcpTools } from '../declarations/to-mcp-tools';
import type { CallHost } from './call-host';
import { callTool } from './call-tool';

/** Tools whose availability hook passes, as MCP declarations. */
export async function listTools(toolbox: Toolbox): Promise<{ tools: ReturnType<typeof toMcpTools> }> {
  return { tools: toMcpTools(await toolbox.getAvailable()) };
}

/**
 * Installs armorer's `tools/list` and `tools/call` handlers on an SDK server (low-level `Server`, or
 * the `server` of an `McpServer` that registers no tools of its own).
 */
export function installToolHandlers(server: Server, host: CallHost): void {
  server.registerCapabilities({ tools: { listChanged: true } });
  server.setRequestHandler(ListToolsRequestSchema, async () => listTools(host.currentToolbox()));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const result = await callTool(server, host, request.params, extra);
    return result as Awaited<ReturnType<typeof callTool>> & Record<string, unknown>;
  });
}
