import { describe, expect, test } from 'bun:test';
import { fromMcpTools } from '../client/from-mcp-tools';
import { ERROR_META_KEY } from '../declarations/types';
import { CATALOG_REVISION_META_KEY } from '../server/list-tools';
import type { TestClient } from './clients';
import { FIXTURE_TOOL_NAMES } from './toolbox';

/** A connected official client over one transport, serving a fresh fixture toolbox. */
export interface Connection {
  readonly client: TestClient;
  close(): Promise<void>;
}

/** The text of a CallToolResult's content blocks. */
export function resultText(result: unknown): string {
  const blocks = ((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>;
  return blocks.map((block) => block.text ?? '').join('');
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The same protocol checks over every transport and client, with the official SDK clients (v1, and v2 in
 * either era): list, call, invalid call, throwing tool, unknown tool, policy denial, progress, cancel,
 * a fromMcpTools round trip and list_changed.
 */
export function describeClientSuite(
  label: string,
  connect: () => Promise<Connection>,
  /** The era the client should land on (default: 2026 for the v2 client in `auto` mode, else 2025). */
  era?: 'legacy' | 'modern',
): void {
  describe(`createMCP over ${label}`, () => {
    test('lists tools with input/output schemas and annotations, in order, with the catalog revision', async () => {
      const { client, close } = await connect();
      try {
        // The v2 client negotiated 2026-07-28 when asked to ('auto'), the 2025 handshake otherwise.
        expect(client.era()).toBe(era ?? (client.flavor === 'v2-modern' ? 'modern' : 'legacy'));
        const listed = await client.listTools();
        const tools = listed.tools as Array<{ name: string; [key: string]: unknown }>;
        expect(tools.map((tool) => tool.name)).toEqual(FIXTURE_TOOL_NAMES);
        expect((listed['_meta'] as Record<string, unknown>)[CATALOG_REVISION_META_KEY]).toMatch(
          /^catalog_[0-9a-f]{32}$/,
        );
        if (client.era() === 'modern') {
          // 2026: every list result carries a cache hint.
          expect(listed['ttlMs']).toBe(60_000);
          expect(listed['cacheScope']).toBe('private');
        }
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
      } finally {
        await close();
      }
    });

    test('calls tools; failures are isError results and the session keeps serving', async () => {
      const { client, close } = await connect();
      try {
        expect(resultText(await client.callTool({ name: 'add-numbers', arguments: { a: 2, b: 3 } }))).toBe(
          '5',
        );
        const stats = await client.callTool({ name: 'stats', arguments: { values: [1, 2, 3] } });
        expect(stats.structuredContent).toEqual({ sum: 6, count: 3 });
        const invalid = await client.callTool({ name: 'add-numbers', arguments: { a: 'two' } });
        expect(invalid.isError).toBe(true);
        expect(invalid._meta?.[ERROR_META_KEY]).toMatchObject({
          category: 'validation',
          code: 'INVALID_ARGUMENTS',
        });
        const thrown = await client.callTool({ name: 'explode', arguments: {} });
        expect(thrown.isError).toBe(true);
        expect(resultText(thrown)).toContain('kaboom');
        const unknown = await client.callTool({ name: 'add-number', arguments: {} });
        expect(unknown.isError).toBe(true);
        expect(unknown._meta?.[ERROR_META_KEY]).toMatchObject({ code: 'TOOL_NOT_FOUND' });
        expect(resultText(unknown)).toContain('add-numbers');
        const denied = await client.callTool({ name: 'delete-all', arguments: {} });
        expect(denied.isError).toBe(true);
        expect(denied._meta?.[ERROR_META_KEY]).toMatchObject({
          category: 'policy',
          code: 'DANGEROUS_DENIED',
        });
        expect(resultText(await client.callTool({ name: 'add-numbers', arguments: { a: 1, b: 1 } }))).toBe(
          '2',
        );
      } finally {
        await close();
      }
    });

    test('progress notifications follow the tool progress()', async () => {
      const { client, close } = await connect();
      try {
        const updates: Array<{ progress: number; message?: string | undefined }> = [];
        const result = await client.callTool(
          { name: 'slow', arguments: { steps: 3, stepMs: 20 } },
          {
            onprogress: (progress) =>
              updates.push({ progress: progress.progress, message: progress.message }),
          },
        );
        expect(resultText(result)).toBe('done after 3 steps');
        expect(updates).toEqual([
          { progress: 33, message: 'step 1' },
          { progress: 67, message: 'step 2' },
          { progress: 100, message: 'step 3' },
        ]);
      } finally {
        await close();
      }
    });

    test('client cancellation reaches the tool signal', async () => {
      const { client, close } = await connect();
      try {
        const controller = new AbortController();
        let started = false;
        const call = client.callTool(
          { name: 'slow', arguments: { steps: 100, stepMs: 20 } },
          {
            signal: controller.signal,
            onprogress: () => {
              started = true;
            },
          },
        );
        call.catch(() => {});
        await until(() => started);
        controller.abort('stop');
        await expect(call).rejects.toThrow();
        await until(
          async () => resultText(await client.callTool({ name: 'cancellations', arguments: {} })) === '1',
        );
      } finally {
        await close();
      }
    });

    test('fromMcpTools round trip: the served tools become armorer tools again', async () => {
      const { client, close } = await connect();
      try {
        const imported = await fromMcpTools(client.client, { prefix: 'remote.' });
        const { toolbox } = imported;
        expect(toolbox.names()).toEqual(FIXTURE_TOOL_NAMES.map((name) => `remote.${name}`));
        expect(toolbox.getTool('remote.add-numbers')?.configuration.metadata).toMatchObject({
          readOnly: true,
          idempotent: true,
          mcpTool: 'add-numbers',
        });
        expect(
          (await toolbox.execute({ name: 'remote.add-numbers', arguments: { a: 2, b: 5 } })).result,
        ).toBe('7');
        expect(
          (await toolbox.execute({ name: 'remote.stats', arguments: { values: [4, 5] } })).result,
        ).toEqual({
          sum: 9,
          count: 2,
        });
        // Validated locally against the imported schema, before any request is sent.
        const invalid = await toolbox.execute({ name: 'remote.add-numbers', arguments: { a: 'x', b: 1 } });
        expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
        const thrown = await toolbox.execute({ name: 'remote.explode', arguments: {} });
        expect(thrown.error?.code).toBe('EXECUTION_FAILED');
        expect(thrown.error?.message).toContain('kaboom');
        const percents: number[] = [];
        toolbox.addEventListener('progress', (event) =>
          percents.push(Math.round(event.detail.percent ?? -1)),
        );
        const slow = await toolbox.execute({ name: 'remote.slow', arguments: { steps: 2, stepMs: 20 } });
        expect(slow.result).toBe('done after 2 steps');
        expect(percents).toEqual([50, 100]);
        expect(Object.keys(imported.fingerprints)).toEqual(FIXTURE_TOOL_NAMES);
      } finally {
        await close();
      }
    });

    test('replacing the toolbox sends tools/list_changed', async () => {
      const { client, close } = await connect();
      try {
        let notified = 0;
        await client.onToolListChanged(() => {
          notified++;
        });
        expect(resultText(await client.callTool({ name: 'swap-toolbox', arguments: {} }))).toBe('swapped');
        await until(() => notified > 0);
        expect((await client.listTools()).tools.map((tool) => tool['name'])).toEqual(['echo']);
        expect(resultText(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
      } finally {
        await close();
      }
    });
  });
}
