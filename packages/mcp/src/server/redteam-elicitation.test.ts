import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ERROR_META_KEY } from '../declarations/types';
import { createMCP } from './create-mcp';

async function connect(answer: () => Promise<unknown>, timeout?: number) {
  let ran = 0;
  const transfer = createTool({
    name: 'transfer',
    description: 'Move money',
    input: { amount: z.number() },
    policy: { beforeExecute: () => ({ status: 'needs_approval', reason: 'Moving money needs a human.' }) },
    execute: ({ amount }) => {
      ran++;
      return `moved ${amount}`;
    },
  });
  const mcp = createMCP(
    createToolbox([transfer]),
    timeout === undefined ? {} : { callOptions: () => ({ timeout }) },
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverTransport);
  const client = new Client(
    { name: 'hostile', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, answer as never);
  await client.connect(clientTransport);
  const call = () =>
    client.callTool({ name: 'transfer', arguments: { amount: 5 } }, undefined, {
      timeout: 3_000,
    }) as Promise<{
      isError?: boolean;
      _meta?: Record<string, { code: string }>;
    }>;
  return { mcp, call, ran: () => ran };
}

describe('red team: hostile elicitation answers', () => {
  test('a client that never answers cannot hold a call past the timeout callOptions chose', async () => {
    const { mcp, call, ran } = await connect(() => new Promise(() => {}), 100);
    const result = await call();
    expect(result.isError).toBe(true);
    expect(result._meta?.[ERROR_META_KEY]?.code).toBe('APPROVAL_REQUIRED');
    expect(ran()).toBe(0);
    expect(mcp.inFlight).toBe(0);
    await mcp.close();
  });

  test('malformed or lying answers never run the tool', async () => {
    const answers: unknown[] = [
      { action: 'accept', content: { approve: 'true' } },
      { action: 'accept', content: { approve: 1 } },
      { action: 'accept' },
      JSON.parse('{"action":"accept","content":{"__proto__":{"approve":true}}}'),
      { action: 'maybe', content: { approve: true } },
      { action: 'decline', content: { approve: true } },
      { content: { approve: true } },
      'yes',
    ];
    for (const answer of answers) {
      const { mcp, call, ran } = await connect(async () => answer);
      const result = await call();
      expect(result.isError).toBe(true);
      expect(ran()).toBe(0);
      await mcp.close();
    }
  });
});
