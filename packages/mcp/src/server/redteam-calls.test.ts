import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import fc from 'fast-check';
import { z } from 'zod';
import { createMCP } from './create-mcp';

type Reply = {
  id?: unknown;
  result?: { isError?: boolean; content?: Array<{ text: string }>; _meta?: unknown };
  error?: unknown;
};

/** A raw JSON-RPC peer: sends whatever it likes and collects the replies by id. */
async function rawPeer(tools: Parameters<typeof createToolbox>[0]) {
  const mcp = createMCP(createToolbox(tools));
  const [peer, serverTransport] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverTransport);
  const replies = new Map<unknown, Reply>();
  const waiters = new Map<unknown, (reply: Reply) => void>();
  peer.onmessage = (message) => {
    const reply = message as Reply;
    replies.set(reply.id, reply);
    waiters.get(reply.id)?.(reply);
  };
  await peer.start();
  const send = (message: unknown) => peer.send(message as never);
  const request = (id: number, method: string, params: unknown) =>
    new Promise<Reply>((resolve) => {
      waiters.set(id, resolve);
      void send({ jsonrpc: '2.0', id, method, params });
    });
  const info = { name: 'raw', version: '1' };
  await request(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: info });
  await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { mcp, send, request };
}

describe('red team: raw tools/call from a hostile client', () => {
  test('arbitrary arguments: always answered, never run unvalidated, Object.prototype untouched', async () => {
    let invalidRuns = 0;
    const strict = createTool({
      name: 'strict',
      description: 'Needs a number and a short string',
      input: { n: z.number(), s: z.string().max(8) },
      execute: (input) => {
        if (typeof input.n !== 'number' || typeof input.s !== 'string' || input.s.length > 8) invalidRuns++;
        return Object.keys(input).sort().join(',');
      },
    });
    const { mcp, request } = await rawPeer([strict]);
    const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'n', 's');
    const args = fc.oneof(
      fc.dictionary(fc.oneof(hostileKey, fc.string()), fc.jsonValue()),
      fc.jsonValue(),
      fc.record({ n: fc.double(), s: fc.string() }),
    );
    let id = 1;
    await fc.assert(
      fc.asyncProperty(args, async (value) => {
        // Parsed from JSON text, as a transport would hand it over: "__proto__" is an own key.
        const params = JSON.parse(JSON.stringify({ name: 'strict', arguments: value }) ?? '{}');
        const reply = await request(id++, 'tools/call', params);
        expect(reply.result !== undefined || reply.error !== undefined).toBe(true);
        if (reply.result !== undefined && reply.result.isError !== true) {
          expect(reply.result.content?.[0]?.text).toBe('n,s');
        }
      }),
      { numRuns: 300 },
    );
    expect(invalidRuns).toBe(0);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    await mcp.close();
  });

  test('a thrown error reaches the client without its stack or cause', async () => {
    const leaky = createTool({
      name: 'leaky',
      description: 'Throws with a secret cause',
      execute: () => {
        throw new Error('upstream refused', { cause: new Error('password=hunter2') });
      },
    });
    const { mcp, request } = await rawPeer([leaky]);
    const reply = await request(1, 'tools/call', { name: 'leaky', arguments: {} });
    const text = JSON.stringify(reply);
    expect(reply.result?.isError).toBe(true);
    expect(text).toContain('upstream refused');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('redteam-calls.test');
    await mcp.close();
  });

  test('unknown or cancelled ids, odd ids and a closed session never wedge the server', async () => {
    const slow = createTool({
      name: 'slow',
      description: 'Answers after a moment',
      execute: async (_input, context) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return context.signal.aborted ? 'aborted' : 'slow';
      },
    });
    const { mcp, send, request } = await rawPeer([slow]);
    await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 999 } });
    await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} });
    await send({ jsonrpc: '2.0', id: { nested: true }, method: 'tools/call', params: { name: 'slow' } });
    await send({ jsonrpc: '2.0', id: null, method: 'tools/call', params: { name: 'slow' } });
    const replies = await Promise.all(
      [1, 2, 3].map((id) => request(id, 'tools/call', { name: 'slow', arguments: {} })),
    );
    expect(replies.map((reply) => reply.result?.content?.[0]?.text)).toEqual(['slow', 'slow', 'slow']);
    // Until the calls under odd ids have ended too, however late a loaded machine runs them (a wedged server
    // never gets there: the test's timeout bounds the wait).
    while (mcp.inFlight > 0) await Bun.sleep(5);
    expect(mcp.inFlight).toBe(0);
    await mcp.close();
    expect(mcp.sessions).toBe(0);
  });
});
