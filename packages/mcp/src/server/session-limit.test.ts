import { afterEach, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { resultText } from '../__fixtures__/client-suite';
import { CLIENT_FLAVORS, connectHttp, connectInMemory, type TestClient } from '../__fixtures__/clients';
import { ERROR_META_KEY } from '../declarations/types';
import { createMCP } from './create-mcp';
import type { ArmorerMcpServer } from './types';

let servers: ArmorerMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** A tool that holds every call until the test opens the gate. */
function gatedToolbox() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let started = 0;
  const wait = createTool({
    name: 'wait',
    description: 'Waits for the gate',
    execute: async () => {
      started++;
      await gate;
      return 'done';
    },
  });
  return { toolbox: createToolbox([wait]), open: () => open(), started: () => started };
}

async function untilStarted(count: () => number, expected: number) {
  while (count() < expected) await Bun.sleep(2);
}

async function exceedLimit(client: TestClient, gated: ReturnType<typeof gatedToolbox>) {
  const held = [
    client.callTool({ name: 'wait', arguments: {} }),
    client.callTool({ name: 'wait', arguments: {} }),
  ];
  await untilStarted(gated.started, 2);
  const refused = await client.callTool({ name: 'wait', arguments: {} });
  expect(refused.isError).toBe(true);
  expect(refused._meta?.[ERROR_META_KEY]).toMatchObject({
    code: 'RATE_LIMITED',
    category: 'rate_limited',
    retryable: true,
    details: { reason: 'session-concurrency' },
  });
  expect(gated.started()).toBe(2);
  gated.open();
  expect((await Promise.all(held)).map(resultText)).toEqual(['done', 'done']);
  // The session keeps serving once a slot is free.
  expect(resultText(await client.callTool({ name: 'wait', arguments: {} }))).toBe('done');
}

describe('maxConcurrentCallsPerSession', () => {
  for (const flavor of CLIENT_FLAVORS) {
    test(`past the limit a call ends at once with RATE_LIMITED (${flavor} client, in-process session)`, async () => {
      const gated = gatedToolbox();
      const mcp = createMCP(gated.toolbox, { maxConcurrentCallsPerSession: 2 });
      servers.push(mcp);
      await exceedLimit(await connectInMemory(mcp, flavor), gated);
    });
  }

  test('a 2025 HTTP session has its own limit; another session is not affected', async () => {
    const gated = gatedToolbox();
    const mcp = createMCP(gated.toolbox, { maxConcurrentCallsPerSession: 2 });
    servers.push(mcp);
    const { url } = await mcp.serveHttp();
    const first = await connectHttp(url, 'v1');
    const second = await connectHttp(url, 'v2-legacy');
    const held = [
      first.callTool({ name: 'wait', arguments: {} }),
      first.callTool({ name: 'wait', arguments: {} }),
    ];
    await untilStarted(gated.started, 2);
    expect((await first.callTool({ name: 'wait', arguments: {} })).isError).toBe(true);
    const other = second.callTool({ name: 'wait', arguments: {} });
    await untilStarted(gated.started, 3);
    gated.open();
    expect(resultText(await other)).toBe('done');
    await Promise.all(held);
    await Promise.all([first.close(), second.close()]);
  });

  test('the option must be a positive integer', () => {
    const { toolbox } = gatedToolbox();
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createMCP(toolbox, { maxConcurrentCallsPerSession: bad })).toThrow(TypeError);
    }
  });
});
