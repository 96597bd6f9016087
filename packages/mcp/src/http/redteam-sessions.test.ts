import { afterEach, describe, expect, setSystemTime, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { createMCP } from '../server/create-mcp';

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A raw Streamable HTTP session: initialize, initialized, then JSON-RPC posts with its session id. */
async function rawSession(url: string) {
  const initialize = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const init = await fetch(url, { method: 'POST', headers, body: JSON.stringify(initialize) });
  const sessionId = init.headers.get('mcp-session-id') ?? '';
  await init.text();
  const post = (message: unknown, id = sessionId) =>
    fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify(message),
    });
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).text();
  const call = (id: number, name: string) =>
    post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
  return { sessionId, post, call };
}

function gatedToolbox() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let started = 0;
  const waits = createTool({
    name: 'waits',
    description: 'Waits for the gate',
    execute: async (_input, context) => {
      started++;
      await Promise.race([
        gate,
        new Promise((_, reject) =>
          context.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
      ]);
      return 'done';
    },
  });
  const quick = createTool({ name: 'quick', description: 'Answers at once', execute: () => 'quick' });
  return { toolbox: createToolbox([waits, quick]), open, started: () => started };
}

/**
 * Stops the wall clock the idle reaper reads (`Date.now()`; its timer keeps running): until the test moves
 * the clock with `advance`, no session is ever idle, however slowly the machine runs the test.
 */
function frozenClock() {
  const start = Date.now();
  setSystemTime(new Date(start));
  return { advance: (ms: number) => setSystemTime(new Date(start + ms)) };
}

afterEach(() => setSystemTime());

describe('red team: one Streamable HTTP session against another', () => {
  test("a cancellation for another session's request id does not touch that session's call", async () => {
    const gated = gatedToolbox();
    const mcp = createMCP(gated.toolbox);
    const endpoint = await mcp.serveHttp();
    const victim = await rawSession(endpoint.url);
    const attacker = await rawSession(endpoint.url);
    const pending = victim.call(5, 'waits');
    while (gated.started() === 0) await Bun.sleep(2);
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } };
    expect((await attacker.post(cancel)).status).toBe(202);
    gated.open();
    expect(await (await pending).text()).toContain('"text":"done"');
    await mcp.close();
  });

  test('a deleted session id is dead for everyone, and a forged one never reaches a session', async () => {
    const mcp = createMCP(gatedToolbox().toolbox);
    const endpoint = await mcp.serveHttp();
    const first = await rawSession(endpoint.url);
    const other = await rawSession(endpoint.url);
    const deleted = await fetch(endpoint.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': first.sessionId, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(deleted.status).toBe(200);
    expect((await other.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, first.sessionId)).status).toBe(
      404,
    );
    expect(
      (await other.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, `${other.sessionId}x`)).status,
    ).toBe(404);
    expect(endpoint.sessions).toBe(1);
    expect(mcp.sessions).toBe(1);
    await mcp.close();
  });

  test('a request id reused while the first request runs is refused, and both requests are answered', async () => {
    const gated = gatedToolbox();
    const mcp = createMCP(gated.toolbox);
    const endpoint = await mcp.serveHttp();
    const session = await rawSession(endpoint.url);
    const first = session.call(7, 'waits');
    while (gated.started() === 0) await Bun.sleep(2);
    const reused = await (await session.call(7, 'quick')).text();
    expect(reused).toContain('"id":7,"error"');
    gated.open();
    expect(await (await first).text()).toContain('"text":"done"');
    // Once answered, the id may be used again.
    expect(await (await session.call(7, 'quick')).text()).toContain('"text":"quick"');
    await mcp.close();
  });
});

describe('red team: request ids over Streamable HTTP', () => {
  test('a cancelled request releases its id; a batch repeating an id is refused whole', async () => {
    const gated = gatedToolbox();
    const mcp = createMCP(gated.toolbox);
    const endpoint = await mcp.serveHttp();
    const session = await rawSession(endpoint.url);
    void session.call(3, 'waits');
    while (gated.started() === 0) await Bun.sleep(2);
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } };
    expect((await session.post(cancel)).status).toBe(202);
    expect(await (await session.call(3, 'quick')).text()).toContain('"text":"quick"');
    const call = { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'quick', arguments: {} } };
    const batch = await session.post([call, call]);
    expect(batch.status).toBe(409);
    expect(await batch.text()).toContain('"id":"b"');
    expect(await (await session.post(call)).text()).toContain('"text":"quick"');
    await mcp.close({ drainTimeoutMs: 50 });
  });
});

describe('red team: the idle reaper', () => {
  test('a session waiting for a call longer than the idle timeout keeps it, then is reaped once idle', async () => {
    const clock = frozenClock();
    const gated = gatedToolbox();
    const mcp = createMCP(gated.toolbox);
    const endpoint = await mcp.serveHttp({ sessionIdleTimeoutMs: 30 });
    const session = await rawSession(endpoint.url);
    // An idle session beside it: once it is reaped, a sweep has seen both past the idle timeout.
    await rawSession(endpoint.url);
    const pending = session.call(1, 'waits');
    while (gated.started() === 0) await Bun.sleep(2);
    clock.advance(60_000);
    while (endpoint.sessions === 2) await Bun.sleep(5);
    expect(endpoint.sessions).toBe(1);
    gated.open();
    expect(await (await pending).text()).toContain('"text":"done"');
    // Idle from the sweep that finds it without requests in flight: reaped once that is long enough ago.
    clock.advance(120_000);
    while (endpoint.sessions > 0) await Bun.sleep(5);
    expect(mcp.sessions).toBe(0);
    await mcp.close();
  });
});

describe('red team: request ids the transport refused', () => {
  test('a POST the transport refuses (wrong Accept) does not leave its id busy, so the reaper still works', async () => {
    const clock = frozenClock();
    const mcp = createMCP(gatedToolbox().toolbox);
    const endpoint = await mcp.serveHttp({ sessionIdleTimeoutMs: 30 });
    const session = await rawSession(endpoint.url);
    // An idle session beside it: once it is reaped, a sweep has seen both past the idle timeout.
    await rawSession(endpoint.url);
    const refused = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/html',
        'mcp-session-id': session.sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'quick', arguments: {} },
      }),
    });
    expect(refused.status).toBe(406);
    clock.advance(60_000);
    while (endpoint.sessions === 2) await Bun.sleep(5);
    expect(endpoint.sessions).toBe(0);
    await mcp.close();
  });
});
