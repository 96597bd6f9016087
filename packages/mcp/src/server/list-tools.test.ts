import { afterEach, describe, expect, test } from 'bun:test';
import { connectInMemory } from '../__fixtures__/clients';
import { createEchoToolbox, createFixtureToolbox, FIXTURE_TOOL_NAMES } from '../__fixtures__/toolbox';
import { createMCP } from './create-mcp';
import { CATALOG_REVISION_META_KEY } from './list-tools';
import type { ArmorerMcpServer } from './types';

let servers: ArmorerMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function serve(options: Parameters<typeof createMCP>[1] = {}) {
  const mcp = createMCP(createFixtureToolbox(), options);
  servers.push(mcp);
  return mcp;
}

/** A raw 2026 `tools/list` over HTTP: the JSON-RPC result. */
async function rawList(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

describe('tools/list', () => {
  test('two instances serving one toolbox answer byte-identical lists, in registration order', async () => {
    const first = await serve().serveHttp();
    const second = await serve().serveHttp();
    const [a, b] = [await rawList(first.url), await rawList(second.url)];
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect((a['tools'] as Array<{ name: string }>).map((tool) => tool.name)).toEqual(FIXTURE_TOOL_NAMES);
    expect(a['resultType']).toBe('complete');
    expect(a['ttlMs']).toBe(60_000);
    expect(a['cacheScope']).toBe('private');
  });

  test('listCache sets the hint; the catalog revision follows the served toolbox', async () => {
    const mcp = serve({ listCache: { ttlMs: 5_000, scope: 'public' } });
    const { url } = await mcp.serveHttp();
    const before = await rawList(url);
    expect(before['ttlMs']).toBe(5_000);
    expect(before['cacheScope']).toBe('public');
    await mcp.setToolbox(createEchoToolbox());
    const after = await rawList(url);
    const revision = (result: Record<string, unknown>) =>
      (result['_meta'] as Record<string, unknown>)[CATALOG_REVISION_META_KEY];
    expect(revision(after)).not.toBe(revision(before));
    expect((after['tools'] as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['echo']);
  });

  test('2025 clients get the same list and revision, without 2026 cache fields', async () => {
    const mcp = serve();
    const { url } = await mcp.serveHttp();
    const modern = await rawList(url);
    const client = await connectInMemory(mcp, 'v1');
    const legacy = await client.listTools();
    expect(legacy['ttlMs']).toBeUndefined();
    expect((legacy['_meta'] as Record<string, unknown>)[CATALOG_REVISION_META_KEY]).toBe(
      (modern['_meta'] as Record<string, unknown>)[CATALOG_REVISION_META_KEY],
    );
  });

  test('listCache values are checked', () => {
    expect(() => serve({ listCache: { ttlMs: -1 } })).toThrow(TypeError);
    expect(() => serve({ listCache: { ttlMs: 1.5 } })).toThrow(TypeError);
    expect(() => serve({ listCache: { scope: 'shared' as never } })).toThrow(TypeError);
  });
});
