import { describe, expect, test } from 'bun:test';
import { createFixtureToolbox } from '../__fixtures__/toolbox';
import { createMCP } from '../server/create-mcp';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('red team: Streamable HTTP sessions', () => {
  test('an initialize the transport refuses (wrong Accept or Content-Type) leaves no session behind', async () => {
    const mcp = createMCP(createFixtureToolbox());
    const endpoint = await mcp.serveHttp({ maxSessions: 3 });
    const refusals = [
      { 'content-type': 'application/json', accept: 'text/html' },
      { 'content-type': 'text/plain', accept: 'application/json, text/event-stream' },
    ];
    for (let round = 0; round < 10; round++) {
      for (const headers of refusals) {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(initialize),
        });
        expect([406, 415]).toContain(response.status);
        await response.text();
      }
    }
    expect(endpoint.sessions).toBe(0);
    expect(mcp.sessions).toBe(0);
    await mcp.close();
  });

  test('concurrent initializes never open more sessions than maxSessions', async () => {
    const mcp = createMCP(createFixtureToolbox());
    const endpoint = await mcp.serveHttp({ maxSessions: 2 });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(endpoint.url, { method: 'POST', headers, body: JSON.stringify(initialize) }),
      ),
    );
    await Promise.all(responses.map((response) => response.text()));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(2);
    expect(endpoint.sessions).toBe(2);
    expect(mcp.sessions).toBe(2);
    await mcp.close();
  });
});
