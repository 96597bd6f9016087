import { createTool, createToolbox } from '@armorer/core';
import { createMCP } from '@armorer/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** One contender: a connected SDK client, and one `tools/call` of `add` through it. */
export interface McpCase {
  readonly label: string;
  call(): Promise<string>;
  close(): Promise<void>;
}

const shape = { a: z.number(), b: z.number() };
const ARGUMENTS = { a: 1, b: 2 };

async function clientFor(connectServer: (transport: InMemoryTransport) => Promise<unknown>): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await connectServer(serverTransport);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}

function text(result: unknown): string {
  return (result as { content: Array<{ text: string }> }).content[0]?.text ?? '';
}

/** The baseline: the same tool registered directly with the SDK's `McpServer.registerTool`. */
export async function sdkCase(): Promise<McpCase> {
  const server = new McpServer({ name: 'sdk', version: '1.0.0' });
  server.registerTool('add', { description: 'Add two numbers', inputSchema: shape }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  const client = await clientFor((transport) => server.connect(transport));
  return {
    label: 'sdk: McpServer.registerTool',
    call: async () => text(await client.callTool({ name: 'add', arguments: ARGUMENTS })),
    close: () => server.close(),
  };
}

/** armorer: the same schema and function as a tool, served by `createMCP` (full pipeline per call). */
export async function armorerCase(): Promise<McpCase> {
  const add = createTool({
    name: 'add',
    description: 'Add two numbers',
    input: shape,
    execute: async ({ a, b }) => a + b,
  });
  const mcp = createMCP(createToolbox([add]));
  const client = await clientFor((transport) => mcp.connect(transport));
  return {
    label: 'armorer: createMCP(toolbox)',
    call: async () => text(await client.callTool({ name: 'add', arguments: ARGUMENTS })),
    close: () => mcp.close(),
  };
}
