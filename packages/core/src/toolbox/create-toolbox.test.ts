import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { makeAddTool, makeGreetTool } from '../__fixtures__/tools';
import { ToolboxError } from '../errors/index';
import { createTool } from '../tool/public';
import { isToolbox } from './internals';
import { createToolbox } from './public';

describe('createToolbox', () => {
  test('registers tools and lists them in order', () => {
    const toolbox = createToolbox([makeAddTool(), makeGreetTool()]);
    expect(toolbox.names()).toEqual(['add-numbers', 'greet-user']);
    expect(toolbox.size).toBe(2);
    expect(toolbox.getTool('add-numbers')?.name).toBe('add-numbers');
    expect(toolbox.has('nope')).toBe(false);
    expect(isToolbox(toolbox)).toBe(true);
    expect(isToolbox({})).toBe(false);
  });

  test('register() adds tools, refuses duplicates and non-tools', () => {
    const toolbox = createToolbox();
    toolbox.register(makeAddTool());
    expect(() => toolbox.register(makeAddTool())).toThrow(ToolboxError);
    expect(() => toolbox.register({ name: 'fake' } as never)).toThrow(/Only tools/);
    expect(() => createToolbox('tools' as never)).toThrow(ToolboxError);
    expect(toolbox.size).toBe(1);
  });

  test('the toolbox context is frozen', () => {
    const toolbox = createToolbox([], { context: { region: 'us-east-1' } });
    expect(Object.isFrozen(toolbox.context)).toBe(true);
    expect(() => createToolbox([], { context: 5 as never })).toThrow(ToolboxError);
  });

  test('an unknown tool gets a structured error with the closest names', async () => {
    const toolbox = createToolbox([makeAddTool(), makeGreetTool()]);
    for (const name of ['add_numbers', 'Add-Numbers', 'add-number', 'greet.user']) {
      const result = await toolbox.execute({ id: 'x', name, arguments: {} });
      expect(result.outcome).toBe('error');
      expect(result.error?.category).toBe('not_found');
      expect(result.error?.code).toBe('TOOL_NOT_FOUND');
      expect(result.error?.details?.suggestions?.[0]).toBe(
        name.toLowerCase().startsWith('add') ? 'add-numbers' : 'greet-user',
      );
      expect(result.executionId).toBeUndefined();
    }
    const far = await toolbox.execute({ id: 'y', name: 'launch-rockets', arguments: {} });
    expect(far.error?.details?.suggestions).toEqual([]);
  });

  test('malformed tool calls never throw', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    for (const bad of [null, undefined, 5, 'add-numbers', {}, { name: 42 }, []]) {
      const result: unknown = await toolbox.execute(bad as never);
      if (Array.isArray(result)) {
        expect(result).toEqual([]);
        continue;
      }
      expect((result as { error?: { code: string } }).error?.code).toBe('INVALID_TOOL_CALL');
    }
    const huge = await toolbox.execute({ name: 'x'.repeat(100_000), arguments: {} });
    expect(huge.error?.code).toBe('TOOL_NOT_FOUND');
    expect(huge.error?.message.length).toBeLessThan(300);
  });

  test('results are typed by tool name', async () => {
    const toolbox = createToolbox([makeAddTool(), makeGreetTool()]);
    const sum = await toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 2 } });
    const greeting = await toolbox.execute({ name: 'greet-user', arguments: { name: 'Ada' } });
    const total: number | undefined = sum.result;
    const text: string | undefined = greeting.result;
    expect(total).toBe(3);
    expect(text).toBe('Hey Ada!');
  });
});

describe('runtime availability', () => {
  const makeSearch = (calls: { count: number }) =>
    createTool({
      name: 'search-files',
      description: 'Search local files with ripgrep',
      input: z.object({ query: z.string() }),
      availability(context) {
        return context['ripgrepAvailable'] === true;
      },
      async execute() {
        calls.count++;
        return [];
      },
    });

  test('getAvailable filters by the hook evaluated against the toolbox context', async () => {
    const calls = { count: 0 };
    const without = createToolbox([makeSearch(calls), makeAddTool()], {
      context: { ripgrepAvailable: false },
    });
    expect((await without.getAvailable()).map((tool) => tool.name)).toEqual(['add-numbers']);
    const withRg = createToolbox([makeSearch(calls)], { context: { ripgrepAvailable: true } });
    expect((await withRg.getAvailable()).map((tool) => tool.name)).toEqual(['search-files']);
  });

  test('executing an unavailable tool returns TOOL_UNAVAILABLE without calling it', async () => {
    const calls = { count: 0 };
    const toolbox = createToolbox([makeSearch(calls)], { context: { ripgrepAvailable: false } });
    const result = await toolbox.execute({ name: 'search-files', arguments: { query: 'x' } });
    expect(result.error).toMatchObject({ category: 'unavailable', code: 'TOOL_UNAVAILABLE' });
    expect(calls.count).toBe(0);
  });

  test('a throwing or async availability hook is handled (throwing = unavailable)', async () => {
    const throwing = createTool({
      name: 'probe-fails',
      description: 'x',
      availability() {
        throw new Error('probe crashed');
      },
      async execute() {
        return 1;
      },
    });
    const asyncOk = createTool({
      name: 'async-ok',
      description: 'x',
      availability: async () => true,
      async execute() {
        return 2;
      },
    });
    const toolbox = createToolbox([throwing, asyncOk]);
    expect((await toolbox.getAvailable()).map((tool) => tool.name)).toEqual(['async-ok']);
    expect((await toolbox.execute({ name: 'probe-fails', arguments: {} })).error?.code).toBe(
      'TOOL_UNAVAILABLE',
    );
    expect((await toolbox.execute({ name: 'async-ok', arguments: {} })).result).toBe(2);
  });
});

describe('batches', () => {
  test('parallel and sequential batches return results in call order', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const calls = [1, 2, 3].map((n) => ({ id: `c${n}`, name: 'add-numbers', arguments: { a: n, b: n } }));
    const parallel = await toolbox.execute(calls, { concurrency: 2 });
    expect(parallel.map((result) => result.result)).toEqual([2, 4, 6]);
    const sequential = await toolbox.execute(calls, { mode: 'sequential' });
    expect(sequential.map((result) => result.callId)).toEqual(['c1', 'c2', 'c3']);
  });

  test('failFast ends the remaining calls as cancelled results, never dropping them', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const calls = [
      { id: 'ok', name: 'add-numbers', arguments: { a: 1, b: 1 } },
      { id: 'bad', name: 'missing', arguments: {} },
      { id: 'after', name: 'add-numbers', arguments: { a: 1, b: 1 } },
    ];
    const results = await toolbox.execute(calls, { mode: 'sequential', errorMode: 'failFast' });
    expect(results.map((result) => result.outcome)).toEqual(['success', 'error', 'cancelled']);
    expect(results[2]?.callId).toBe('after');
    await expect(toolbox.execute(calls, { concurrency: 0 })).rejects.toThrow(RangeError);
  });

  test('a call stuck past its deadline does not hold up the rest of the queue', async () => {
    const stuck = createTool({
      name: 'stuck',
      description: 'ignores its signal',
      execute: () => new Promise(() => {}),
    });
    const toolbox = createToolbox([stuck, makeAddTool()]);
    const calls = [
      { id: 's', name: 'stuck', arguments: {} },
      { id: 'a', name: 'add-numbers', arguments: { a: 1, b: 1 } },
      { id: 'b', name: 'add-numbers', arguments: { a: 2, b: 2 } },
    ];
    const results = await toolbox.execute(calls, { concurrency: 1, timeout: 20 });
    expect(results.map((result) => result.error?.code ?? result.result)).toEqual(['TIMEOUT', 2, 4]);
    // The two that ended are in the history; the stuck one is still live, awaiting its cleanup.
    expect(toolbox.executions.inspect().map((snapshot) => [snapshot.callId, snapshot.state])).toEqual([
      ['a', 'terminal'],
      ['b', 'terminal'],
      ['s', 'cleanup-pending'],
    ]);
  });

  test('bad batch options are refused', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    await expect(toolbox.execute([], { mode: 'random' as never })).rejects.toThrow(RangeError);
    await expect(toolbox.execute([], { errorMode: 'ignore' as never })).rejects.toThrow(RangeError);
    expect(await toolbox.execute([])).toEqual([]);
  });
});
