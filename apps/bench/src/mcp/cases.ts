import { createTool, createToolbox } from '@armorer/core';
import { createMCP } from '@armorer/mcp';
import { Client as V2Client, InMemoryTransport as V2ClientMemory } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as V2McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

/** One contender: a connected SDK client, and one `tools/call` of `add` through it. */
export interface McpCase {
  readonly label: string;
  /**
   * The group whose first case is the baseline of the others: the server package and the protocol era
   * (`v1-2025`: the v1 package, v1 client; `v2-2025`: the v2 packages, v1 client; `v2-2026`: the v2
   * packages, v2 client in the 2026-07-28 era).
   */
  readonly group: 'v1-2025' | 'v2-2025' | 'v2-2026';
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

/** A v2 client that negotiated the 2026-07-28 revision, over an in-memory pair. */
async function modernClientFor(
  connectServer: (transport: V2ClientMemory) => Promise<unknown>,
): Promise<V2Client> {
  const [clientTransport, serverTransport] = V2ClientMemory.createLinkedPair();
  await connectServer(serverTransport);
  const client = new V2Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(clientTransport);
  if (client.getProtocolEra() !== 'modern') throw new Error('the bench client did not negotiate 2026-07-28');
  return client;
}

function text(result: unknown): string {
  return (result as { content: Array<{ text: string }> }).content[0]?.text ?? '';
}

function armorerToolbox() {
  const add = createTool({
    name: 'add',
    description: 'Add two numbers',
    input: shape,
    execute: async ({ a, b }) => a + b,
  });
  return createToolbox([add]);
}

/** The 2025 baseline: the same tool registered directly with the v1 SDK's `McpServer.registerTool`. */
export async function sdkCase(): Promise<McpCase> {
  const server = new McpServer({ name: 'sdk', version: '1.0.0' });
  server.registerTool('add', { description: 'Add two numbers', inputSchema: shape }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  const client = await clientFor((transport) => server.connect(transport));
  return {
    label: 'sdk v1: McpServer.registerTool',
    group: 'v1-2025',
    call: async () => text(await client.callTool({ name: 'add', arguments: ARGUMENTS })),
    close: () => server.close(),
  };
}

/** armorer: the same schema and function as a tool, served by `createMCP` (full pipeline per call). */
export async function armorerCase(sdk: 'v1' | 'v2' = 'v2'): Promise<McpCase> {
  const mcp = createMCP(armorerToolbox(), { sdk });
  const client = await clientFor((transport) => mcp.connect(transport));
  return {
    label: `armorer: createMCP (${sdk} package), v1 client`,
    group: sdk === 'v1' ? 'v1-2025' : 'v2-2025',
    call: async () => text(await client.callTool({ name: 'add', arguments: ARGUMENTS })),
    close: () => mcp.close(),
  };
}

function v2McpServer() {
  const server = new V2McpServer({ name: 'sdk', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Add two numbers', inputSchema: z.object(shape) },
    async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }),
  );
  return server;
}

/** The 2025 baseline on the v2 packages: the v2 `McpServer`, served by `serveStdio`, a v1 client. */
export async function sdkV2LegacyCase(): Promise<McpCase> {
  let handle: { close(): Promise<void> } | undefined;
  const client = await clientFor(async (transport) => {
    handle = serveStdio(v2McpServer, { transport: transport as never });
  });
  return {
    label: 'sdk v2: McpServer.registerTool, v1 client',
    group: 'v2-2025',
    call: async () => text(await client.callTool({ name: 'add', arguments: ARGUMENTS })),
    close: async () => {
      await client.close();
      await handle?.close();
    },
  };
}

/** The 2026 baseline: the tool registered with the v2 SDK's `McpServer`, served by `serveStdio`, a v2 client. */
export async function sdkModernCase(): Promise<McpCase> {
  let handle: { close(): Promise<void> } | undefined;
  const client = await modernClientFor(async (transport) => {
    handle = serveStdio(v2McpServer, { transport: transport as never });
  });
  return {
    label: 'sdk v2: McpServer.registerTool, 2026',
    group: 'v2-2026',
    call: async () => text(await client.callTool({ name: 'add', arguments: ARGUMENTS })),
    close: async () => {
      await client.close();
      await handle?.close();
    },
  };
}

/** armorer on the v2 packages, called by a v2 client in the 2026-07-28 era. */
export async function armorerModernCase(): Promise<McpCase> {
  const mcp = createMCP(armorerToolbox(), { sdk: 'v2' });
  const client = await modernClientFor((transport) => mcp.connect(transport as never));
  return {
    label: 'armorer: createMCP, v2 client, 2026',
    group: 'v2-2026',
    call: async () => text(await client.callTool({ name: 'add', arguments: ARGUMENTS })),
    close: () => mcp.close(),
  };
}
