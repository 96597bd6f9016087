import { expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { resultText } from '../__fixtures__/client-suite';
import { createFixtureToolbox, FIXTURE_TOOL_NAMES } from '../__fixtures__/toolbox';
import { createClaudeAgentMcpServer } from './claude-agent-server';

test('the in-process server lists and calls the toolbox the way the Agent SDK connects it', async () => {
  const config = createClaudeAgentMcpServer(createFixtureToolbox(), { name: 'armorer', McpServer });
  expect(config.type).toBe('sdk');
  expect(config.name).toBe('armorer');
  expect(config.instance).toBeInstanceOf(McpServer);
  // The Agent SDK connects `instance` to its own in-process transport; an in-memory pair does the same.
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await config.instance.connect(serverTransport);
  const client = new Client({ name: 'agent', version: '1.0.0' });
  await client.connect(clientTransport);
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(FIXTURE_TOOL_NAMES);
  expect(resultText(await client.callTool({ name: 'add-numbers', arguments: { a: 4, b: 4 } }))).toBe('8');
  const denied = await client.callTool({ name: 'delete-all', arguments: {} });
  expect(denied.isError).toBe(true);
  await config.instance.close();
});

test('a non-toolbox is rejected', () => {
  expect(() => createClaudeAgentMcpServer({} as never, { name: 'x', McpServer })).toThrow(TypeError);
});
