import { describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
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

/** The status line a raw HTTP/1.x request gets (no client library normalising the headers). */
async function rawStatus(port: number, head: string, body = JSON.stringify(initialize)): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.on('error', () => {});
  socket.write(
    `${head}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  await closed;
  return answer.split('\r\n')[0] ?? '';
}

describe('red team: DNS rebinding guards with raw headers', () => {
  test('a missing, look-alike or smuggled Host and a null or look-alike Origin are refused', async () => {
    const mcp = createMCP(createFixtureToolbox());
    const { port } = await mcp.serveHttp();
    const refused = [
      'POST /mcp HTTP/1.0',
      `POST /mcp HTTP/1.1\r\nhost: localhost.:${port}`,
      `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}.evil.test`,
      `POST /mcp HTTP/1.1\r\nhost: evil.test\r\nx-forwarded-host: 127.0.0.1:${port}`,
      `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: null`,
      `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: http://127.0.0.1:${port}.evil.test`,
      `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: http://localhost:${port + 1}`,
    ];
    for (const head of refused) expect(await rawStatus(port, head)).toMatch(/ (400|403) /);
    expect(await rawStatus(port, `POST /mcp HTTP/1.1\r\nhost: LOCALHOST:${port}`)).toContain(' 200 ');
    expect(mcp.sessions).toBe(1);
    await mcp.close();
  });
});
