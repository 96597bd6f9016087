/**
 * Node smoke test of the built bin (run `bun run build` first): `node dist/cli.js --root DIR` as an MCP
 * client launches it, lists the tools and calls glob. Exits non-zero on failure.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
const root = mkdtempSync(join(tmpdir(), 'coding-mcp-node-'));
writeFileSync(join(root, 'hello.txt'), 'hello\n');
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

const client = new Client({ name: 'node-smoke', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, '--root', root] }));
const { tools } = await client.listTools();
assert.deepEqual(tools.map((tool) => tool.name).sort(), ['glob', 'grep', 'read-file']);
const listed = await client.callTool({ name: 'glob', arguments: { pattern: '*.txt' } });
assert.deepEqual(JSON.parse(listed.content[0].text).paths, ['hello.txt']);
await client.close();
console.log('armorer-coding-mcp node smoke: ok');
