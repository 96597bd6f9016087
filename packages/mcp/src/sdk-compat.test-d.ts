import { expectTypeOf } from 'bun:test';
import { createToolbox } from '@armorer/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type McpClientLike, type McpToolDeclaration, type McpTransport, toMcpTools } from './index';

// The SDK's own classes fit armorer's structural types, so no cast is needed at the call sites.
expectTypeOf<Client>().toExtend<McpClientLike>();
expectTypeOf<InMemoryTransport>().toExtend<McpTransport>();
expectTypeOf<StdioServerTransport>().toExtend<McpTransport>();
expectTypeOf<StreamableHTTPServerTransport>().toExtend<McpTransport>();
// Declarations are the SDK's Tool type.
expectTypeOf<McpToolDeclaration>().toExtend<Tool>();
expectTypeOf(toMcpTools(createToolbox([]))).toEqualTypeOf<McpToolDeclaration[]>();
