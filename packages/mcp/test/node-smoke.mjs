/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist,
 * then a toolbox served over Streamable HTTP (node:http) and over an in-memory pair, called by the
 * official SDK clients (v1 in the 2025 era, v2 in the 2026-07-28 era; served by the v2 packages and by the
 * v1 package), and imported back with fromMcpTools. Exits non-zero on failure.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { createTool, createToolbox } from '@armorer/core';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
assert.deepEqual(Object.keys(esm).sort(), Object.keys(cjs).sort());

const add = createTool({
  name: 'add-numbers',
  description: 'Add two numbers',
  input: { a: z.number(), b: z.number() },
  metadata: { readOnly: true },
  execute: ({ a, b }) => a + b,
});

for (const { createMCP, fromMcpTools, toMcpTools } of [esm, cjs]) {
  assert.equal(toMcpTools([add])[0].annotations.readOnlyHint, true);
  const mcp = createMCP(createToolbox([add]));

  const endpoint = await mcp.serveHttp();
  const http = new Client({ name: 'node-smoke', version: '1.0.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
  const sum = await http.callTool({ name: 'add-numbers', arguments: { a: 2, b: 3 } });
  assert.equal(sum.content[0].text, '5');
  const invalid = await http.callTool({ name: 'add-numbers', arguments: { a: 'x' } });
  assert.equal(invalid.isError, true);
  // fetch may not override Host; node:http does, as a DNS-rebinding attacker's browser would send it.
  const refused = await new Promise((resolve, reject) => {
    const request = httpRequest(
      endpoint.url,
      { method: 'POST', headers: { host: 'evil.example' } },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
  assert.equal(refused, 403);

  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide);
  const memory = new Client({ name: 'node-smoke', version: '1.0.0' });
  await memory.connect(clientSide);
  const imported = await fromMcpTools(memory, { prefix: 'remote.' });
  const result = await imported.toolbox.execute({ name: 'remote.add-numbers', arguments: { a: 4, b: 4 } });
  assert.equal(result.result, '8');

  const modern = new ModernClient(
    { name: 'node-smoke', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await modern.connect(new ModernHttp(new URL(endpoint.url)));
  assert.equal(modern.getProtocolEra(), 'modern');
  const modernSum = await modern.callTool({ name: 'add-numbers', arguments: { a: 20, b: 3 } });
  assert.equal(modernSum.content[0].text, '23');
  await modern.close();

  await http.close();
  await mcp.close();

  const legacyOnly = createMCP(createToolbox([add]), { sdk: 'v1' });
  const v1Endpoint = await legacyOnly.serveHttp();
  const v1Http = new Client({ name: 'node-smoke', version: '1.0.0' });
  await v1Http.connect(new StreamableHTTPClientTransport(new URL(v1Endpoint.url)));
  assert.equal(
    (await v1Http.callTool({ name: 'add-numbers', arguments: { a: 1, b: 1 } })).content[0].text,
    '2',
  );
  await v1Http.close();
  await legacyOnly.close();
}
console.log('@armorer/mcp node smoke: ok');
