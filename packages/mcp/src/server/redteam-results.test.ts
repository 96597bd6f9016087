import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { createMCP } from './create-mcp';

// The cycle sits under the declared key: output validation strips undeclared keys (a cycle under one
// would be dropped and the result would serialise).
const cycle: Record<string, unknown> = {};
cycle['a'] = cycle;
const structured = { outputSchema: z.object({ a: z.any() }) };
const results: Record<string, { value: () => unknown; metadata?: Record<string, unknown> }> = {
  'structured-bigint': { value: () => ({ a: 1n }), metadata: structured },
  'structured-cycle': { value: () => cycle, metadata: structured },
  'text-bigint': { value: () => ({ a: 1n }) },
  'null-prototype': {
    value: () => Object.assign(Object.create(null), { toJSON: () => JSON.parse('x') }),
  },
  function: { value: () => () => 1 },
  symbol: { value: () => Symbol('s') },
};

describe('red team: results that are not JSON, over a serialising transport', () => {
  test('every call gets an answer (an isError result when the structured result cannot be sent)', async () => {
    const tools = Object.entries(results).map(([name, { value, metadata }]) =>
      createTool({ name, description: name, ...(metadata ? { metadata } : {}), execute: value }),
    );
    const mcp = createMCP(createToolbox(tools));
    const endpoint = await mcp.serveHttp();
    const client = new Client({ name: 'results', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
    for (const name of Object.keys(results)) {
      // Without an answer the client would wait for its own 60 s default; 30 s proves one came (2 s could
      // pass before a loaded machine answers over HTTP).
      const result = (await client.callTool({ name, arguments: {} }, undefined, { timeout: 30_000 })) as {
        isError?: boolean;
        content: Array<{ text: string }>;
        _meta?: Record<string, { code: string; retryable: boolean }>;
      };
      if (name.startsWith('structured-')) {
        expect(result.isError).toBe(true);
        expect(result._meta?.['armorer/error']).toMatchObject({ code: 'EXECUTION_FAILED', retryable: false });
      } else {
        expect(result.isError).toBeUndefined();
        expect(typeof result.content[0]?.text).toBe('string');
      }
    }
    await client.close();
    await mcp.close();
  }, 60_000);
});
