import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describeClientSuite, resultText } from '../__fixtures__/client-suite';
import { CLIENT_FLAVORS, connectInMemory } from '../__fixtures__/clients';
import { createEchoToolbox, createFixtureToolbox } from '../__fixtures__/toolbox';
import { createMCP } from './create-mcp';

async function inMemory(mcp: ReturnType<typeof createMCP>) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverTransport);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}

for (const flavor of CLIENT_FLAVORS) {
  describeClientSuite(`an in-process transport, ${flavor} client`, async () => {
    const mcp = createMCP(createFixtureToolbox({ onSwap: () => mcp.setToolbox(createEchoToolbox()) }));
    const client = await connectInMemory(mcp, flavor);
    return { client, close: () => mcp.close() };
  });
}

describeClientSuite('an in-process transport, served by the v1 package, v1 client', async () => {
  const mcp = createMCP(createFixtureToolbox({ onSwap: () => mcp.setToolbox(createEchoToolbox()) }), {
    sdk: 'v1',
  });
  const client = await connectInMemory(mcp, 'v1');
  return { client, close: () => mcp.close() };
});

describe('createMCP', () => {
  test('reports its name and version, and counts sessions', async () => {
    const mcp = createMCP(createFixtureToolbox(), {
      name: 'fixture',
      version: '1.2.3',
      instructions: 'Be nice.',
    });
    const client = await inMemory(mcp);
    expect(client.getServerVersion()).toMatchObject({ name: 'fixture', version: '1.2.3' });
    expect(client.getInstructions()).toBe('Be nice.');
    expect(mcp.sessions).toBe(1);
    await mcp.close();
    expect(mcp.sessions).toBe(0);
  });

  test('close drains an in-flight call before closing the session', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const waits = createTool({
      name: 'waits',
      description: 'Waits for the gate',
      execute: () => gate.then(() => 'ok'),
    });
    const mcp = createMCP(createToolbox([waits]));
    const client = await inMemory(mcp);
    const call = client.callTool({ name: 'waits', arguments: {} });
    while (mcp.inFlight === 0) await Bun.sleep(1);
    const closing = mcp.close({ drainTimeoutMs: 2_000 });
    setTimeout(finish, 20);
    expect(resultText(await call)).toBe('ok');
    await closing;
    expect(mcp.inFlight).toBe(0);
  });

  test('after close: new sessions are refused; a non-toolbox is rejected', async () => {
    const mcp = createMCP(createFixtureToolbox());
    await mcp.close();
    expect(mcp.closed).toBe(true);
    const [, serverTransport] = InMemoryTransport.createLinkedPair();
    await expect(mcp.connect(serverTransport)).rejects.toThrow(/closed/);
    await expect(mcp.serveHttp()).rejects.toThrow(/closed/);
    expect(() => createMCP({} as never)).toThrow(TypeError);
  });

  test('progress that does not move forward is not sent (MCP requires it to increase)', async () => {
    const jumpy = createTool({
      name: 'jumpy',
      description: 'Reports progress out of order',
      async execute(_params, { progress }) {
        for (const update of [
          { percent: 10 },
          { percent: 10 },
          { percent: 5 },
          { message: 'no number' },
          { percent: 50 },
        ]) {
          progress(update);
          await Bun.sleep(5);
        }
        return 'ok';
      },
    });
    const mcp = createMCP(createToolbox([jumpy]));
    const client = await inMemory(mcp);
    const seen: number[] = [];
    await client.callTool({ name: 'jumpy', arguments: {} }, undefined, {
      onprogress: ({ progress }) => seen.push(progress),
    });
    expect(seen).toEqual([10, 50]);
    await mcp.close();
  });

  test('callOptions pass the owner and request context to the pipeline', async () => {
    const seen: unknown[] = [];
    const who = createTool({
      name: 'who',
      description: 'Reports the owner',
      execute: (_params, context) => {
        seen.push(context.ownerId, context.requestContext?.sessionId);
        return 'ok';
      },
    });
    const mcp = createMCP(createToolbox([who]), {
      callOptions: (info) => ({
        ownerId: `owner-${info.toolName}`,
        requestContext: { sessionId: 'session-7' },
      }),
    });
    const client = await inMemory(mcp);
    await client.callTool({ name: 'who', arguments: {} });
    expect(seen).toEqual(['owner-who', 'session-7']);
    await mcp.close();
  });
});
