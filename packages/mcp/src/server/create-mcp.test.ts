import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createFixtureToolbox } from '../__fixtures__/toolbox';
import { ERROR_META_KEY } from '../declarations/types';
import { createMCP } from './create-mcp';

async function connected(toolbox = createFixtureToolbox()) {
  const mcp = createMCP(toolbox, { name: 'fixture', version: '1.2.3' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverTransport);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientTransport);
  return { mcp, client };
}

function text(result: { content?: unknown }): string {
  const blocks = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return blocks.map((block) => block.text ?? '').join('');
}

describe('createMCP over InMemoryTransport with the official SDK client', () => {
  test('initializes with the server info and lists tools with schemas and annotations', async () => {
    const { mcp, client } = await connected();
    expect(client.getServerVersion()).toMatchObject({ name: 'fixture', version: '1.2.3' });
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add-numbers', 'stats', 'explode', 'delete-all', 'slow']);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName['add-numbers']?.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(byName['add-numbers']?.annotations).toEqual({ readOnlyHint: true, idempotentHint: true });
    expect(byName['explode']?.annotations).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(byName['delete-all']?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
    });
    expect(byName['stats']?.outputSchema).toMatchObject({ type: 'object', required: ['sum', 'count'] });
    await mcp.close();
  });

  test('calls a tool; structured content when an output schema is declared', async () => {
    const { mcp, client } = await connected();
    const sum = await client.callTool({ name: 'add-numbers', arguments: { a: 2, b: 3 } });
    expect(sum.isError).toBeFalsy();
    expect(text(sum)).toBe('5');
    const stats = await client.callTool({ name: 'stats', arguments: { values: [1, 2, 3] } });
    expect(stats.structuredContent).toEqual({ sum: 6, count: 3 });
    expect(JSON.parse(text(stats))).toEqual({ sum: 6, count: 3 });
    await mcp.close();
  });

  test('invalid arguments, a throwing tool, an unknown tool and a policy denial are isError results', async () => {
    const { mcp, client } = await connected();
    const invalid = await client.callTool({ name: 'add-numbers', arguments: { a: 'two' } });
    expect(invalid.isError).toBe(true);
    expect(invalid._meta?.[ERROR_META_KEY]).toMatchObject({ category: 'validation', code: 'INVALID_ARGUMENTS' });
    const thrown = await client.callTool({ name: 'explode', arguments: {} });
    expect(thrown.isError).toBe(true);
    expect(text(thrown)).toContain('kaboom');
    const unknown = await client.callTool({ name: 'add-number', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(unknown._meta?.[ERROR_META_KEY]).toMatchObject({ code: 'TOOL_NOT_FOUND' });
    expect(text(unknown)).toContain('add-numbers');
    const denied = await client.callTool({ name: 'delete-all', arguments: {} });
    expect(denied.isError).toBe(true);
    expect(denied._meta?.[ERROR_META_KEY]).toMatchObject({ category: 'policy', code: 'DANGEROUS_DENIED' });
    // The session survived all of it.
    expect(text(await client.callTool({ name: 'add-numbers', arguments: { a: 1, b: 1 } }))).toBe('2');
    expect(mcp.sessions).toBe(1);
    await mcp.close();
  });

  test('progress notifications follow the tool progress()', async () => {
    const { mcp, client } = await connected();
    const updates: Array<{ progress: number; message?: string | undefined }> = [];
    const result = await client.callTool({ name: 'slow', arguments: { steps: 3, stepMs: 1 } }, undefined, {
      onprogress: (progress) => updates.push({ progress: progress.progress, message: progress.message }),
    });
    expect(text(result)).toBe('done after 3 steps');
    expect(updates).toEqual([
      { progress: 33, message: 'step 1' },
      { progress: 67, message: 'step 2' },
      { progress: 100, message: 'step 3' },
    ]);
    await mcp.close();
  });

  test('client cancellation aborts the tool signal', async () => {
    const seen: string[] = [];
    const waits = createTool({
      name: 'waits',
      description: 'Waits for its signal',
      execute: (_params, { signal }) =>
        new Promise<string>((_resolve, reject) => {
          seen.push('started');
          signal.addEventListener('abort', () => {
            seen.push('aborted');
            reject(new Error('aborted'));
          });
        }),
    });
    const toolbox = createToolbox([waits]);
    const cancelled = toolbox.once('cancelled');
    const { mcp, client } = await connected(toolbox);
    const controller = new AbortController();
    const call = client.callTool({ name: 'waits', arguments: {} }, undefined, { signal: controller.signal });
    while (seen.length === 0) await Bun.sleep(1);
    controller.abort('user pressed stop');
    await expect(call).rejects.toThrow();
    await cancelled;
    expect(seen).toEqual(['started', 'aborted']);
    expect(mcp.inFlight).toBe(0);
    await mcp.close();
  });

  test('setToolbox sends tools/list_changed and the new tools are listed', async () => {
    const { mcp, client } = await connected();
    let notified = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notified++;
    });
    const echo = createTool({ name: 'echo', description: 'Echo', input: { text: z.string() }, execute: ({ text }) => text });
    await mcp.setToolbox(createToolbox([echo]));
    while (notified === 0) await Bun.sleep(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
    await mcp.close();
  });

  test('calls after close are refused, and createMCP rejects what is not a toolbox', async () => {
    const { mcp } = await connected();
    await mcp.close();
    expect(mcp.closed).toBe(true);
    const [, serverTransport] = InMemoryTransport.createLinkedPair();
    await expect(mcp.connect(serverTransport)).rejects.toThrow(/closed/);
    expect(() => createMCP({} as never)).toThrow(TypeError);
  });
});
