import { expect, test } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ModernClient, InMemoryTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createTree } from './__fixtures__/tree';
import { createCodingMcpServer } from './server';

function text(result: unknown): string {
  return ((result as { content: Array<{ text?: string }> }).content ?? [])
    .map((block) => block.text ?? '')
    .join('');
}

test('the coding server lists three read-only tools and answers inside the jail only', async () => {
  const { root } = createTree();
  const mcp = createCodingMcpServer({ root });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverTransport);
  const client = new Client({ name: 'editor', version: '1.0.0' });
  await client.connect(clientTransport);

  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(['glob', 'grep', 'read-file']);
  for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);

  const found = JSON.parse(text(await client.callTool({ name: 'grep', arguments: { pattern: 'greet' } })));
  expect(found.matches[0]).toMatchObject({ path: 'src/index.ts', line: 1 });
  const escaped = await client.callTool({ name: 'read-file', arguments: { path: '../secret.txt' } });
  expect(escaped.isError).toBe(true);
  expect(text(escaped)).not.toContain('do not read');
  await mcp.close();
});

test('a root that does not exist is a clear error at startup', () => {
  expect(() => createCodingMcpServer({ root: '/definitely/not/here' })).toThrow();
});

test('a 2026-07-28 client (the v2 SDK, stateless requests) lists and calls the same tools', async () => {
  const { root } = createTree();
  const mcp = createCodingMcpServer({ root });
  const [clientTransport, serverTransport] = ModernTransport.createLinkedPair();
  await mcp.connect(serverTransport as never);
  const client = new ModernClient(
    { name: 'editor', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(clientTransport);
  expect(client.getProtocolEra()).toBe('modern');
  expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
    'glob',
    'grep',
    'read-file',
  ]);
  const found = JSON.parse(text(await client.callTool({ name: 'grep', arguments: { pattern: 'greet' } })));
  expect(found.matches[0]).toMatchObject({ path: 'src/index.ts', line: 1 });
  await client.close();
  await mcp.close();
});

test('grep and glob skip what git ignores unless a call or the server says otherwise', async () => {
  const { root } = createTree();
  writeFileSync(join(root, '.gitignore'), 'node_modules/\n');
  mkdirSync(join(root, 'node_modules/dep'), { recursive: true });
  writeFileSync(join(root, 'node_modules/dep/index.js'), 'export function greet() {}\n');
  for (const includeIgnored of [undefined, true]) {
    const mcp = createCodingMcpServer({ root, ...(includeIgnored === undefined ? {} : { includeIgnored }) });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverTransport);
    const client = new Client({ name: 'editor', version: '1.0.0' });
    await client.connect(clientTransport);
    const paths = async (args: Record<string, unknown>) =>
      JSON.parse(
        text(await client.callTool({ name: 'glob', arguments: { pattern: '**/*.{ts,js}', ...args } })),
      ).paths;
    const skipped = ['src/index.ts'];
    const all = ['node_modules/dep/index.js', 'src/index.ts'];
    expect(await paths({})).toEqual(includeIgnored ? all : skipped);
    expect(await paths({ includeIgnored: true })).toEqual(all);
    expect(await paths({ includeIgnored: false })).toEqual(skipped);
    await mcp.close();
  }
});
