import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { makeAddTool, makeGreetTool } from '../__fixtures__/tools';
import { createMiddleware } from '../middleware/create-middleware';
import { createTool } from '../tool/public';
import type { SerializedTool } from '../tool/types';
import { createToolbox } from './public';

const dataDir = join(import.meta.dir, '../../../../fixtures');

describe('serialization', () => {
  test('a toolbox serializes names, descriptions, tags, metadata and z.toJSONSchema schemas, never context', () => {
    const tool = createTool({
      name: 'fetch-weather',
      description: 'Get current weather',
      input: z.object({ city: z.string(), units: z.enum(['celsius', 'fahrenheit']).optional() }),
      tags: ['weather'],
      metadata: { requiresAuth: true },
      async execute() {
        return {};
      },
    });
    const toolbox = createToolbox([tool, makeAddTool()], { context: { apiKey: 'secret' } });
    const json = JSON.parse(JSON.stringify(toolbox));
    expect(json.version).toBe(1);
    expect(json.tools[0]).toEqual({
      name: 'fetch-weather',
      description: 'Get current weather',
      tags: ['weather'],
      metadata: { requiresAuth: true },
      input: z.toJSONSchema(tool.schema, { io: 'input' }),
    });
    expect(JSON.stringify(json)).not.toContain('secret');
    expect(JSON.parse(JSON.stringify(tool))).toEqual(json.tools[0]);
  });

  test('createToolbox hydrates serialized configurations and validates with the converted schema', async () => {
    const source = createToolbox([makeAddTool(), makeGreetTool()]);
    const hydrated = createToolbox(JSON.parse(JSON.stringify(source)), {
      getTool(configuration) {
        if (configuration.name === 'add-numbers')
          return async (params) => Number(params['a']) + Number(params['b']);
        return undefined;
      },
    });
    expect(hydrated.names()).toEqual(['add-numbers', 'greet-user']);
    expect((await hydrated.execute({ name: 'add-numbers', arguments: { a: 2, b: 3 } })).result).toBe(5);
    const invalid = await hydrated.execute({ name: 'add-numbers', arguments: { a: 'x', b: 3 } });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    const missing = await hydrated.execute({ name: 'greet-user', arguments: { name: 'x' } });
    expect(missing.error).toMatchObject({ category: 'unavailable', code: 'TOOL_NOT_IMPLEMENTED' });
    expect(JSON.stringify(hydrated.toJSON())).toBe(JSON.stringify(source.toJSON()));
  });

  test('all 117 github-mcp-server tools hydrate, validate and re-serialize', async () => {
    const snaps = JSON.parse(
      readFileSync(join(dataDir, 'github-mcp-server/toolsnaps.json'), 'utf8'),
    ) as Record<string, { name: string; description: string; inputSchema: Record<string, unknown> }>;
    const configurations: SerializedTool[] = Object.values(snaps).map((snap) => ({
      name: snap.name,
      description: snap.description,
      tags: [],
      input: snap.inputSchema,
    }));
    expect(configurations.length).toBe(117);
    const toolbox = createToolbox(configurations, { getTool: () => async (params) => params });
    expect(toolbox.size).toBe(117);
    const issue = await toolbox.execute({
      name: 'issue_read',
      arguments: { method: 'get', owner: 'octo', repo: 'hello', issue_number: 7 },
    });
    expect(issue.result).toEqual({ method: 'get', owner: 'octo', repo: 'hello', issue_number: 7 });
    const wrongEnum = await toolbox.execute({
      name: 'issue_read',
      arguments: { method: 'delete_everything', owner: 'octo', repo: 'hello', issue_number: 7 },
    });
    expect(wrongEnum.error?.code).toBe('INVALID_ARGUMENTS');
    const missing = await toolbox.execute({ name: 'issue_read', arguments: '{"method":"get"}' });
    expect(missing.error?.details?.issues?.map((issue) => issue.path[0])).toEqual(
      expect.arrayContaining(['owner', 'repo', 'issue_number']),
    );
    // The declarations round-trip unchanged.
    expect(toolbox.toJSON().tools.map((tool) => tool.input)).toEqual(
      configurations.map((tool) => tool.input),
    );
  });

  test('a serialized tool whose schema is not an object is refused at hydration', () => {
    expect(() =>
      createToolbox([{ name: 'bad', description: 'x', tags: [], input: { type: 'string' } }]),
    ).toThrow(/object schema/);
  });
});

describe('middleware', () => {
  test('transforms configurations at registration; the original tool is unchanged', async () => {
    const tagged = createMiddleware({
      name: 'tagger',
      transform: (configuration) => ({ tags: [...configuration.tags, 'audited'] }),
    });
    const doubling = createMiddleware((configuration) => ({
      execute: async (params, context) => Number(await configuration.execute(params, context)) * 2,
    }));
    const add = makeAddTool();
    const toolbox = createToolbox([add], { middleware: [tagged, doubling] });
    expect(toolbox.getTool('add-numbers')?.configuration.tags).toEqual(['math', 'calculator', 'audited']);
    expect((await toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 2 } })).result).toBe(6);
    expect(await add({ a: 1, b: 2 })).toBe(3);
    expect(toolbox.toJSON().tools[0]?.tags).toContain('audited');
  });

  test('listeners on the original tool still hear calls through the transformed copy', async () => {
    const add = makeAddTool();
    const seen: string[] = [];
    add.addEventListener('settled', (event) => seen.push(event.toolName));
    const toolbox = createToolbox([add], {
      middleware: [createMiddleware(() => ({ description: 'changed' }))],
    });
    await toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 2 } });
    expect(seen).toEqual(['add-numbers']);
  });

  test('bad middleware is refused', () => {
    expect(() => createMiddleware(5 as never)).toThrow();
    expect(() => createToolbox([makeAddTool()], { middleware: [(() => undefined) as never] })).toThrow(
      /createMiddleware/,
    );
  });
});
