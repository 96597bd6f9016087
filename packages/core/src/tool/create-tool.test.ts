import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { makeAddTool, makeGreetTool } from '../__fixtures__/tools';
import { ArmorerError, ToolCallError, ToolDefinitionError } from '../errors/index';
import { createToolbox } from '../toolbox/public';
import { isTool } from './create-tool';
import { lazy } from './lazy';
import { createTool, createToolCall, withContext } from './public';

describe('createTool', () => {
  test('the quick start tool runs through a toolbox', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const result = await toolbox.execute({ id: 'call-123', name: 'add-numbers', arguments: { a: 5, b: 3 } });
    expect(result.result).toBe(8);
    expect(result.outcome).toBe('success');
    expect(result.callId).toBe('call-123');
    expect(result.toolCallId).toBe('call-123');
    expect(result.toolName).toBe('add-numbers');
    expect(result.content).toBe(8);
    expect(result.error).toBeUndefined();
    expect(typeof result.executionId).toBe('string');
  });

  test('tools are callable and execute(params) is equivalent', async () => {
    const greet = makeGreetTool();
    expect(await greet({ name: 'Ada' })).toBe('Hey Ada!');
    expect(await greet.execute({ name: 'Ada', formal: true })).toBe('Good day, Ada.');
  });

  test('the throwing forms throw a ToolCallError with the same message the result carries', async () => {
    const add = makeAddTool();
    const result = await add.execute({ id: 'x', name: 'add-numbers', arguments: { a: 1 } });
    expect(result.outcome).toBe('error');
    const thrown = await add({ a: 1 } as never).catch((error: unknown) => error);
    expect(ToolCallError.isInstance(thrown)).toBe(true);
    expect((thrown as ToolCallError).message).toBe(result.error?.message ?? '');
    expect((thrown as ToolCallError).category).toBe('validation');
    expect((thrown as ToolCallError).code).toBe('INVALID_ARGUMENTS');
    await expect(add.execute({ a: 1 } as never)).rejects.toThrow(result.error?.message ?? 'unreachable');
  });

  test('execute(toolCall) returns a result instead of throwing', async () => {
    const failing = createTool({
      name: 'failing',
      description: 'always fails',
      async execute() {
        throw new Error('boom');
      },
    });
    const result = await failing.execute({ id: 'f-1', name: 'failing', arguments: {} });
    expect(result.outcome).toBe('error');
    expect(result.error?.code).toBe('EXECUTION_FAILED');
    expect(result.error?.category).toBe('execution');
    expect(result.error?.message).toContain('boom');
    expect((result.error?.cause as Error | undefined)?.message).toBe('boom');
    expect(JSON.parse(JSON.stringify(result.error))).not.toHaveProperty('cause');
  });

  test('a call addressed to another tool name is refused', async () => {
    const result = await makeAddTool().execute({ id: 'c', name: 'other', arguments: {} } as never);
    expect(result.error?.code).toBe('INVALID_TOOL_CALL');
  });

  test('executeWith accepts params, callId, timeout, signal and stream', async () => {
    const add = makeAddTool();
    const result = await add.executeWith({ params: { a: 2, b: 2 }, callId: 'mine', timeout: 1000 });
    expect(result).toMatchObject({ callId: 'mine', outcome: 'success', result: 4 });
    const controller = new AbortController();
    controller.abort();
    const cancelled = await add.executeWith({ params: { a: 2, b: 2 }, signal: controller.signal });
    expect(cancelled.outcome).toBe('cancelled');
    expect(cancelled.error?.category).toBe('cancelled');
    const invalid = await add.executeWith({ params: { a: 2 } as never });
    expect(invalid.outcome).toBe('error');
  });

  test('rawExecute calls the implementation with a full context and no validation', async () => {
    const seen: unknown[] = [];
    const tool = createTool({
      name: 'raw',
      description: 'raw',
      input: z.object({ n: z.number() }),
      context: { region: 'eu' },
      async execute(params, context) {
        seen.push(
          params,
          context.toolName,
          (context as unknown as { region: string }).region,
          context.signal.aborted,
        );
        return 'ok';
      },
    });
    expect(await tool.rawExecute({ n: 'not validated' as never })).toBe('ok');
    expect(seen).toEqual([{ n: 'not validated' }, 'raw', 'eu', false]);
  });

  test('a tool without inputs defaults to an empty object schema', async () => {
    const healthCheck = createTool({
      name: 'health-check',
      description: 'Verify service is alive',
      async execute() {
        return 'ok';
      },
    });
    expect(await healthCheck()).toBe('ok');
    expect(healthCheck.schema.safeParse({}).success).toBe(true);
  });

  test('plain object shapes are accepted', async () => {
    const tool = createTool({
      name: 'shape',
      description: 'shape',
      input: { value: z.number() },
      async execute({ value }) {
        return value * 2;
      },
    });
    expect(await tool({ value: 21 })).toBe(42);
  });

  test('metadata, tags and risk are exposed; untrusted output adds its tag', () => {
    const tool = createTool({
      name: 'web.fetch',
      description: 'Fetch a web page',
      input: z.object({ url: z.string() }),
      tags: ['web', 'web'],
      metadata: { requiresAuth: true, capabilities: ['read'] },
      risk: { untrustedOutput: true },
      async execute() {
        return '';
      },
    });
    expect(tool.tags).toEqual(['web', 'untrusted-output']);
    expect(tool.metadata).toEqual({ requiresAuth: true, capabilities: ['read'] });
    expect(tool.risk).toEqual({ untrustedOutput: true });
    expect(tool.name).toBe('web.fetch');
  });

  test('isTool and createToolCall', () => {
    expect(isTool(makeAddTool())).toBe(true);
    expect(isTool({ name: 'x', execute() {} })).toBe(false);
    expect(isTool(null)).toBe(false);
    const call = createToolCall('add-numbers', { a: 1, b: 2 });
    expect(call.name).toBe('add-numbers');
    expect(call.arguments).toEqual({ a: 1, b: 2 });
    expect(call.id.length).toBeGreaterThan(0);
    expect(createToolCall('x', {}, 'given').id).toBe('given');
  });
});

describe('createTool rejects configurations that cannot work', () => {
  const execute = async () => 1;
  const cases: [string, unknown, string][] = [
    ['a string schema', { name: 'x', description: 'x', input: z.string(), execute }, 'INVALID_TOOL_SCHEMA'],
    [
      'an array schema',
      { name: 'x', description: 'x', input: z.array(z.string()), execute },
      'INVALID_TOOL_SCHEMA',
    ],
    [
      'a union schema',
      { name: 'x', description: 'x', input: z.union([z.object({}), z.string()]), execute },
      'INVALID_TOOL_SCHEMA',
    ],
    [
      'a shape with non-schemas',
      { name: 'x', description: 'x', input: { a: 1 }, execute },
      'INVALID_TOOL_SCHEMA',
    ],
    ['a number as input', { name: 'x', description: 'x', input: 5, execute }, 'INVALID_TOOL_SCHEMA'],
    ['an empty name', { name: '', description: 'x', execute }, 'INVALID_TOOL_NAME'],
    ['a name with spaces', { name: 'a b', description: 'x', execute }, 'INVALID_TOOL_NAME'],
    ['a name with a NUL byte', { name: 'a\u0000', description: 'x', execute }, 'INVALID_TOOL_NAME'],
    ['a missing description', { name: 'x', execute }, 'INVALID_TOOL_DESCRIPTION'],
    ['a missing execute', { name: 'x', description: 'x' }, 'INVALID_TOOL_EXECUTE'],
    ['a string execute', { name: 'x', description: 'x', execute: 'code' }, 'INVALID_TOOL_EXECUTE'],
    [
      'readOnly and mutates',
      { name: 'x', description: 'x', metadata: { readOnly: true, mutates: true }, execute },
      'INVALID_TOOL_METADATA',
    ],
    [
      'a zero concurrency',
      { name: 'x', description: 'x', metadata: { concurrency: 0 }, execute },
      'INVALID_TOOL_METADATA',
    ],
    [
      'tags that are not strings',
      { name: 'x', description: 'x', tags: [1], execute },
      'INVALID_TOOL_CONFIGURATION',
    ],
    [
      'an availability that is not a function',
      { name: 'x', description: 'x', availability: true, execute },
      'INVALID_TOOL_CONFIGURATION',
    ],
  ];
  for (const [label, config, code] of cases) {
    test(label, () => {
      let thrown: unknown;
      try {
        createTool(config as never);
      } catch (error) {
        thrown = error;
      }
      expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
      expect(ArmorerError.isInstance(thrown)).toBe(true);
      expect((thrown as ToolDefinitionError).code).toBe(code as never);
    });
  }

  test('the schema error says what to do', () => {
    expect(() => createTool({ name: 'x', description: 'x', input: z.number() as never, execute })).toThrow(
      /must be an object schema.*z\.object\(\{ value/,
    );
  });

  test('null and non-object configurations', () => {
    expect(() => createTool(null as never)).toThrow(ToolDefinitionError);
    expect(() => createTool('tool' as never)).toThrow(ToolDefinitionError);
  });
});

describe('lazy implementations', () => {
  test('lazy() loads on first execution only, once', async () => {
    let loads = 0;
    const tool = createTool({
      name: 'heavy-tool',
      description: 'heavy',
      input: z.object({ input: z.string() }),
      execute: lazy(async () => {
        loads++;
        return async ({ input }: { input: string }) => input.toUpperCase();
      }),
    });
    expect(loads).toBe(0);
    expect(await tool({ input: 'a' })).toBe('A');
    expect(await tool({ input: 'b' })).toBe('B');
    expect(loads).toBe(1);
  });

  test('a rejecting loader gives an error result and a throw with the same message, and is retried', async () => {
    let attempts = 0;
    const tool = createTool({
      name: 'flaky',
      description: 'flaky',
      execute: lazy(async () => {
        attempts++;
        if (attempts === 1) throw new Error('network down');
        return async () => 'loaded';
      }),
    });
    const result = await tool.execute({ id: '1', name: 'flaky', arguments: {} });
    expect(result.outcome).toBe('error');
    expect(result.error?.code).toBe('LAZY_LOAD_FAILED');
    expect(result.error?.message).toContain('network down');
    expect(await tool()).toBe('loaded');
  });

  test('resolving to a non-function fails clearly in both forms', async () => {
    const tool = createTool({ name: 'bad-lazy', description: 'x', execute: lazy(async () => 42 as never) });
    const result = await tool.execute({ id: '1', name: 'bad-lazy', arguments: {} });
    expect(result.error?.message).toContain('not a function');
    await expect(tool()).rejects.toThrow(result.error?.message ?? 'unreachable');
  });

  test('a plain promise of an implementation works, and a rejected one does not leak an unhandled rejection', async () => {
    const ok = createTool({
      name: 'promised',
      description: 'x',
      execute: Promise.resolve(async () => 'yes'),
    });
    expect(await ok()).toBe('yes');
    const rejected = createTool({
      name: 'rejected',
      description: 'x',
      execute: Promise.reject(new Error('no module')),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const result = await rejected.execute({ id: '1', name: 'rejected', arguments: {} });
    expect(result.error?.code).toBe('LAZY_LOAD_FAILED');
    expect(result.error?.message).toContain('no module');
  });
});

describe('context', () => {
  test('withContext injects shared context', async () => {
    const createToolWithContext = withContext({ userId: 'user-123', apiKey: 'secret' });
    const userTool = createToolWithContext({
      name: 'get-user-data',
      description: 'Fetch user data',
      input: z.object({}),
      async execute(_params, context) {
        return { userId: context.userId };
      },
    });
    expect(await userTool({})).toEqual({ userId: 'user-123' });
  });

  test('createTool(config, toolbox) registers and merges the toolbox context', async () => {
    const toolbox = createToolbox([], { context: { userId: 'user-123', apiKey: 'secret' } });
    const tool = createTool(
      {
        name: 'my-tool',
        description: 'A tool with toolbox context',
        input: z.object({ input: z.string() }),
        async execute({ input }, context) {
          return `${context.userId}:${input.toUpperCase()}`;
        },
      },
      toolbox,
    );
    expect(toolbox.has('my-tool')).toBe(true);
    const result = await toolbox.execute({ name: 'my-tool', arguments: { input: 'hi' } });
    expect(result.result).toBe('user-123:HI');
    expect(tool.name).toBe('my-tool');
  });

  test('user context cannot shadow the per-call fields', async () => {
    const toolbox = createToolbox([], { context: { toolName: 'spoofed', signal: 'nope', region: 'eu' } });
    createTool(
      {
        name: 'who',
        description: 'who',
        async execute(_params, context) {
          return [
            context.toolName,
            context.signal instanceof AbortSignal,
            (context as { region?: string }).region,
          ];
        },
      },
      toolbox,
    );
    const result = await toolbox.execute({ name: 'who', arguments: {} });
    expect(result.result).toEqual(['who', true, 'eu']);
  });
});
