import { describe, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { fromMcpTools } from './from-mcp-tools';

type Answer = (progress: (progress: number, total: number) => Promise<void>) => Promise<unknown>;

/** A real SDK server whose every tool answers through `answers` (a hostile or broken peer). */
async function hostile(answers: Record<string, Answer>, timeout = 200) {
  const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
  const outputSchema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: Object.keys(answers).map((name) => ({
      name,
      inputSchema: { type: 'object' },
      ...(name === 'lying-output' ? { outputSchema } : {}),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const token = request.params._meta?.progressToken;
    const progress = async (value: number, total: number) => {
      if (token === undefined) return;
      const params = { progressToken: token, progress: value, total };
      await extra.sendNotification({ method: 'notifications/progress', params });
    };
    return (await answers[request.params.name]?.(progress)) as never;
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'importer', version: '1.0.0' });
  await client.connect(clientTransport);
  return (await fromMcpTools(client, { timeout })).toolbox;
}

describe('red team: a hostile server answering tools/call', () => {
  test('silence, a wrong shape, an unknown content type or a lying structured result are ToolErrors', async () => {
    const toolbox = await hostile({
      silent: () => new Promise(() => {}),
      'wrong-shape': async () => ({ content: 'not an array' }),
      'unknown-content': async () => ({ content: [{ type: 'hologram', x: 1 }] }),
      'lying-output': async () => ({ content: [], structuredContent: { n: 'not a number' } }),
      'is-error': async () => ({ isError: true, content: [{ type: 'text', text: 'no such file' }] }),
    });
    for (const name of ['silent', 'wrong-shape', 'unknown-content', 'lying-output', 'is-error']) {
      const result = await toolbox.execute({ name, arguments: {} });
      expect(result.outcome).toBe('error');
      expect(result.error?.code).toBe('EXECUTION_FAILED');
    }
    // The silent call ended at the import's 200 ms timeout: under the SDK's default (60 s) it would outlast
    // this test's timeout, which stays far below that on any machine (was < 2 s of wall time).
  }, 30_000);

  test('progress a server reports is a finite percentage from 0 to 100, whatever it sends', async () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(finite, finite), { maxLength: 5 }), async (updates) => {
        const toolbox = await hostile({
          report: async (progress) => {
            for (const [value, total] of updates) await progress(value, total);
            return { content: [{ type: 'text', text: 'done' }] };
          },
        });
        const seen: Array<number | undefined> = [];
        toolbox.addEventListener('progress', (event) => seen.push(event.detail.percent));
        expect((await toolbox.execute({ name: 'report', arguments: {} })).result).toBe('done');
        for (const percent of seen) {
          if (percent === undefined) continue;
          expect(Number.isFinite(percent)).toBe(true);
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('red team: a hostile server answering tools/list', () => {
  test('a server that never answers tools/list is bounded by the import timeout, at import and refresh', async () => {
    let silent = false;
    const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () =>
      silent ? new Promise(() => {}) : { tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
    );
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'importer', version: '1.0.0' });
    await client.connect(clientTransport);
    const imported = await fromMcpTools(client, { timeout: 100 });
    silent = true;
    // Each ends at the 100 ms import timeout: under the SDK's default (60 s) they would outlast this test's
    // timeout, which stays far below that on any machine (was < 2 s of wall time).
    await expect(imported.refresh()).rejects.toThrow(/timed out/);
    await expect(fromMcpTools(client, { timeout: 100 })).rejects.toThrow(/timed out/);
  }, 30_000);
});
