import { expectTypeOf } from 'bun:test';
import type {
  McpSdkServerConfigWithInstance,
  McpServerConfig,
  Options,
} from '@anthropic-ai/claude-agent-sdk';
import { createToolbox } from '@armorer/core';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createClaudeAgentMcpServer } from './claude-agent-server';

const config = createClaudeAgentMcpServer(createToolbox([]), { name: 'armorer', McpServer });

// Exactly what the Claude Agent SDK's createSdkMcpServer returns, and accepted by its options.
expectTypeOf(config).toExtend<McpSdkServerConfigWithInstance>();
expectTypeOf(config).toExtend<McpServerConfig>();
const options: Options = { mcpServers: { armorer: config } };
expectTypeOf(options.mcpServers).not.toBeUndefined();
expectTypeOf(config.instance).toEqualTypeOf<McpServer>();
