import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describeClientSuite, resultText } from '../__fixtures__/client-suite';
import { CLIENT_FLAVORS, connectHttp } from '../__fixtures__/clients';
import { createEchoToolbox, createFixtureToolbox } from '../__fixtures__/toolbox';
import { createMCP } from '../server/create-mcp';
import type { McpHttpOptions } from './types';

async function httpClient(url: string, headers?: Record<string, string>) {
  const client = new Client({ name: 'http-client', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), headers ? { requestInit: { headers } } : undefined),
  );
  return client;
}

for (const sdk of ['v2', 'v1'] as const) {
  // On the v1 package a 2026-capable client falls back to the 2025 handshake.
  for (const flavor of sdk === 'v1' ? (['v1', 'v2-modern'] as const) : CLIENT_FLAVORS) {
    describeClientSuite(
      `Streamable HTTP on loopback, served by the ${sdk} package, ${flavor} client`,
      async () => {
        const mcp = createMCP(createFixtureToolbox({ onSwap: () => mcp.setToolbox(createEchoToolbox()) }), {
          sdk,
        });
        const endpoint = await mcp.serveHttp();
        const client = await connectHttp(endpoint.url, flavor);
        return {
          client,
          close: async () => {
            await client.close();
            await mcp.close();
          },
        };
      },
      sdk === 'v1' ? 'legacy' : undefined,
    );
  }
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('Streamable HTTP refuses hostile input and keeps serving', () => {
  const token = 'secret-token-123';
  let mcp: ReturnType<typeof createMCP>;
  let url: string;
  let port: number;

  beforeAll(async () => {
    mcp = createMCP(createFixtureToolbox());
    const options: McpHttpOptions = { token, maxBodyBytes: 4096 };
    const endpoint = await mcp.serveHttp(options);
    url = endpoint.url;
    port = endpoint.port;
  });
  afterAll(() => mcp.close());

  const auth = { authorization: `Bearer ${token}` };
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { ...jsonHeaders, ...auth, ...headers }, body });

  test('a missing or wrong token is 401 with WWW-Authenticate', async () => {
    const missing = await fetch(url, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(initialize),
    });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect((await post(JSON.stringify(initialize), { authorization: 'Bearer nope' })).status).toBe(401);
  });

  test('a wrong Host (DNS rebinding) or a foreign Origin is 403', async () => {
    expect((await post(JSON.stringify(initialize), { host: 'evil.example:80' })).status).toBe(403);
    expect((await post(JSON.stringify(initialize), { origin: 'https://evil.example' })).status).toBe(403);
    const local = await post(JSON.stringify(initialize), { origin: `http://localhost:${port}` });
    expect(local.status).toBe(200);
    await local.body?.cancel();
  });

  test('malformed JSON is a JSON-RPC parse error; an oversized body is 413', async () => {
    const malformed = await post('{"jsonrpc": "2.0", "id": 1,');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const oversized = await post(JSON.stringify({ ...initialize, padding: 'x'.repeat(10_000) }));
    expect(oversized.status).toBe(413);
  });

  test('no session, an unknown session, a bad method or a wrong path are refused', async () => {
    const noSession = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(noSession.status).toBe(400);
    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
      'mcp-session-id': 'not-a-session',
    });
    expect(unknown.status).toBe(404);
    expect((await fetch(url, { method: 'PUT', headers: auth })).status).toBe(405);
    expect((await fetch(url.replace('/mcp', '/other'), { headers: auth })).status).toBe(404);
  });

  test('a JSON-RPC message that is not valid MCP is a protocol error inside a live session', async () => {
    const client = await httpClient(url, auth);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    const bogus = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 42 } }),
      {
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
    );
    const text = await bogus.text();
    // The SDK answers a schema-invalid request with a JSON-RPC error for that id (it uses -32603).
    expect(text).toContain('"id":9,"error"');
    expect(text).toContain('expected string');
    // The same session, and every other, keeps working.
    expect(resultText(await client.callTool({ name: 'add-numbers', arguments: { a: 1, b: 2 } }))).toBe('3');
    await client.close();
  });

  test('a non-loopback bind without allowedHosts is refused at startup', async () => {
    await expect(mcp.serveHttp({ host: '0.0.0.0' })).rejects.toThrow(/allowedHosts/);
  });
});

describe('Streamable HTTP sessions', () => {
  test('an abandoned session is closed after the idle timeout', async () => {
    const mcp = createMCP(createFixtureToolbox());
    const endpoint = await mcp.serveHttp({ sessionIdleTimeoutMs: 50 });
    // One raw request opens the session (a full client handshake is two requests, and on a loaded machine the
    // gap between them can exceed so short a timeout); the server's refusal of its id proves it was closed.
    const opened = await fetch(endpoint.url, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(initialize),
    });
    await opened.text();
    const sessionId = opened.headers.get('mcp-session-id');
    expect(opened.status).toBe(200);
    expect(sessionId).toBeString();
    const started = Date.now();
    while (endpoint.sessions > 0 && Date.now() - started < 10_000) await Bun.sleep(10);
    expect(endpoint.sessions).toBe(0);
    const later = await fetch(endpoint.url, {
      method: 'POST',
      headers: { ...jsonHeaders, 'mcp-session-id': sessionId ?? '', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    expect(later.status).toBe(404);
    await mcp.close();
  });
});

describe('Streamable HTTP shutdown', () => {
  test('drains in-flight calls, then refuses new requests', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started = false;
    const waits = createTool({
      name: 'waits',
      description: 'Waits for the gate',
      execute: async () => {
        started = true;
        await gate;
        return 'drained';
      },
    });
    const mcp = createMCP(createToolbox([waits]));
    const endpoint = await mcp.serveHttp();
    const client = await httpClient(endpoint.url);
    const call = client.callTool({ name: 'waits', arguments: {} });
    while (!started) await Bun.sleep(2);
    const closing = mcp.close({ drainTimeoutMs: 3_000 });
    await Bun.sleep(10);
    const refused = await fetch(endpoint.url, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(initialize),
    }).catch(() => undefined);
    // Either the listener is already closed (connection refused) or it answers 503.
    if (refused !== undefined) expect(refused.status).toBe(503);
    finish();
    expect(resultText(await call)).toBe('drained');
    await closing;
    expect(endpoint.sessions).toBe(0);
    await client.close();
  });
});
