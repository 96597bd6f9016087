/**
 * One server process of the MCP cluster bench (`ARMORER_BENCH_MODE`): `armorer` serves `add` through
 * `createMCP` on the Redis stores (tasks on, idempotency keys honoured), `sdk` serves the same schema and
 * function registered with the v2 SDK's own `McpServer` through its stateless `createMcpHandler`, on the
 * same `node:http` server kind armorer uses. Both accept the proxy's Host. Prints `ready <url>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTool, createToolbox } from '@armorer/core';
import { createMCP } from '@armorer/mcp';
import { createRedisStores } from '@armorer/store-redis';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import Redis from 'ioredis';
import { z } from 'zod';

const env = process.env;
const shape = { a: z.number(), b: z.number() };
const allowedHosts = (env.ARMORER_BENCH_ALLOWED_HOST ?? '').split(',');

async function serveArmorer(): Promise<string> {
  const redis = new Redis(env.ARMORER_REDIS_URL ?? '');
  redis.on('error', () => undefined);
  const stores = createRedisStores({ client: redis, prefix: env.ARMORER_BENCH_PREFIX ?? 'bench:' });
  await stores.ready();
  const add = createTool({
    name: 'add',
    description: 'Add two numbers',
    input: shape,
    execute: async ({ a, b }) => a + b,
  });
  const mcp = createMCP(createToolbox([add]), {
    ...stores,
    callOptions: () => ({ requestContext: { authority: { tenantId: 'bench', principalId: 'client' } } }),
    tasks: true,
  });
  return (await mcp.serveHttp({ allowedHosts })).url;
}

async function serveSdk(): Promise<string> {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'sdk', version: '1.0.0' });
      server.registerTool(
        'add',
        { description: 'Add two numbers', inputSchema: shape },
        async ({ a, b }) => ({
          content: [{ type: 'text', text: String(a + b) }],
        }),
      );
      return server;
    },
    { legacy: 'reject' },
  );
  // The plainest bridge from node:http to the SDK's fetch handler: read the body, answer what it answers.
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const request = new Request(`http://${incoming.headers.host}${incoming.url}`, {
        method: incoming.method ?? 'POST',
        headers,
        ...(incoming.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      const answer = await handler.fetch(request);
      outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

const url = env.ARMORER_BENCH_MODE === 'sdk' ? await serveSdk() : await serveArmorer();
process.stdout.write(`ready ${url}\n`);
