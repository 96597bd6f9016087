import { expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { createMCP } from '../server/create-mcp';

const SESSIONS = 10;
const CALLS = 1000;

function heapUsed(): number {
  Bun.gc(true);
  return process.memoryUsage().heapUsed;
}

/**
 * The heap once what is still settling has settled: closed sockets, timers and finalizers of the round (and
 * of earlier test files in the same process) release their memory over a few event-loop turns, so the
 * lowest of several collected readings is the heap the round really retained. A leak stays in every one.
 */
async function settledHeapUsed(limit: number): Promise<number> {
  let lowest = heapUsed();
  for (let attempt = 0; attempt < 20 && lowest > limit; attempt++) {
    await Bun.sleep(25);
    lowest = Math.min(lowest, heapUsed());
  }
  return lowest;
}

async function connectAll(url: string): Promise<Client[]> {
  return Promise.all(
    Array.from({ length: SESSIONS }, async (_, index) => {
      const client = new Client({ name: `load-${index}`, version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    }),
  );
}

async function round(url: string, executed: Map<number, number>, calls = CALLS) {
  const clients = await connectAll(url);
  const answers = await Promise.all(
    Array.from({ length: calls }, (_, index) => {
      const client = clients[index % SESSIONS] as Client;
      return client
        .callTool({ name: 'echo-id', arguments: { id: index } })
        .then((result) => ({ index, result }));
    }),
  );
  const sessions = new Set(
    clients.map((client) => (client.transport as StreamableHTTPClientTransport).sessionId),
  );
  // Ending a session the polite way: DELETE, so the server releases it at once.
  await Promise.all(
    clients.map(async (client) => {
      await (client.transport as StreamableHTTPClientTransport).terminateSession();
      await client.close();
    }),
  );
  return { answers, sessions, executed };
}

test(`${CALLS} concurrent tools/call over Streamable HTTP from ${SESSIONS} sessions: each answered exactly once`, async () => {
  const executed = new Map<number, number>();
  const echo = createTool({
    name: 'echo-id',
    description: 'Echo the id after a short async hop',
    input: { id: z.number().int() },
    async execute({ id }) {
      executed.set(id, (executed.get(id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { id };
    },
  });
  // Every session sends its 100 calls at once: the per-session limit is raised to let them all run.
  const mcp = createMCP(createToolbox([echo]), { maxConcurrentCallsPerSession: CALLS / SESSIONS });
  const endpoint = await mcp.serveHttp({ maxSessions: SESSIONS * 2 });

  // Warm-up round (JIT, connection pools), then the measured round from a settled baseline.
  await round(endpoint.url, executed, 100);
  executed.clear();
  const baseline = heapUsed();
  const started = performance.now();
  const { answers, sessions } = await round(endpoint.url, executed);
  const seconds = (performance.now() - started) / 1000;

  expect(sessions.size).toBe(SESSIONS);
  expect(answers).toHaveLength(CALLS);
  for (const { index, result } of answers) {
    expect(result.isError).toBeFalsy();
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual({ id: index });
  }
  expect(executed.size).toBe(CALLS);
  expect([...executed.values()].every((count) => count === 1)).toBe(true);
  expect(mcp.inFlight).toBe(0);
  // Every session was closed by its client and released by the server.
  while (endpoint.sessions > 0) await Bun.sleep(5);

  const after = await settledHeapUsed(baseline + 8 * 1024 * 1024);
  console.log(
    `load: ${CALLS} calls / ${SESSIONS} sessions in ${seconds.toFixed(2)} s; heap ${(baseline / 1e6).toFixed(1)} MB -> ${(after / 1e6).toFixed(1)} MB`,
  );
  // Back to baseline: what the round allocated was released (a margin for allocator noise).
  expect(after - baseline).toBeLessThan(8 * 1024 * 1024);
  await mcp.close();
  // Two rounds of 10 sessions and 1,100 calls: 24 s seen on a loaded machine.
}, 120_000);
