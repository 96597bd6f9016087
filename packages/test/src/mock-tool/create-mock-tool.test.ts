import { describe, expect, test } from 'bun:test';
import { createToolbox, createToolError, isTool } from '@armorer/core';
import { z } from 'zod';
import { createMockTool } from './create-mock-tool';

describe('createMockTool', () => {
  test('is a real tool that resolves to undefined until configured, and records its calls', async () => {
    const mock = createMockTool({ name: 'weather' });
    expect(isTool(mock)).toBe(true);
    expect(mock.description).toBe('Mock of "weather"');
    expect(await mock({ city: 'Oslo', days: 2 })).toBeUndefined();
    expect(mock.calls).toHaveLength(1);
    expect(mock.calls[0]?.params).toEqual({ city: 'Oslo', days: 2 });
    expect(mock.calls[0]?.callId).toBeString();
    expect(mock.toJSON().name).toBe('weather');
  });

  test('mockResolve, mockResolveOnce and mockImplementation decide results, once-values first', async () => {
    const mock = createMockTool<number>({ name: 'counter' });
    mock.mockResolve(1).mockResolveOnce(10).mockResolveOnce(20);
    expect([await mock(), await mock(), await mock(), await mock()]).toEqual([10, 20, 1, 1]);
    mock.mockImplementation(async (params, context) => Number(params.n ?? 0) + context.callId.length * 0);
    expect(await mock({ n: 5 })).toBe(5);
  });

  test('mockReject throws errors as is, strings as Errors, and ToolErrors precisely', async () => {
    const mock = createMockTool({ name: 'flaky' });
    mock.mockReject(new Error('boom'));
    expect((await mock.execute({ name: 'flaky', arguments: {} })).error?.message).toContain('boom');
    mock.mockReject('plain text');
    expect((await mock.execute({ name: 'flaky', arguments: {} })).error?.message).toContain('plain text');
    mock.mockReject(createToolError('RATE_LIMITED', 'slow down', { details: { retryAfterMs: 100 } }));
    expect((await mock.execute({ name: 'flaky', arguments: {} })).error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterMs: 100 },
    });
    mock.mockResolve('ok').mockRejectOnce(new Error('once'));
    expect((await mock.execute({ name: 'flaky', arguments: {} })).outcome).toBe('error');
    expect((await mock.execute({ name: 'flaky', arguments: {} })).result).toBe('ok');
  });

  test('mockReset forgets calls and behaviour', async () => {
    const mock = createMockTool({ name: 'reset-me' }).mockResolve(5);
    await mock();
    mock.mockReset();
    expect(mock.calls).toHaveLength(0);
    expect(await mock()).toBeUndefined();
  });

  test('an input schema validates calls; invalid calls never reach the mock', async () => {
    const mock = createMockTool<string>({
      name: 'greet',
      input: z.object({ name: z.string() }),
      tags: ['social'],
      metadata: { readOnly: true },
    }).mockImplementation(({ name }) => `hi ${name}`);
    expect(await mock({ name: 'Ada' })).toBe('hi Ada');
    const invalid = await mock.execute({ name: 'greet', arguments: { name: 1 } });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    expect(mock.calls).toHaveLength(1);
    expect(mock.tags).toEqual(['social']);
  });

  test('records calls made through a toolbox, middleware included', async () => {
    const mock = createMockTool({ name: 'weather' }).mockResolve({ temp: 72 });
    const toolbox = createToolbox([mock]);
    const result = await toolbox.execute({ name: 'weather', arguments: {} }, { ownerId: 'run-1' });
    expect(result.result).toEqual({ temp: 72 });
    expect(mock.calls[0]?.ownerId).toBe('run-1');
  });

  test('rejects missing options and a non-function implementation', () => {
    expect(() => createMockTool(undefined as never)).toThrow(TypeError);
    expect(() => createMockTool({ name: '' })).toThrow(/Tool name/);
    expect(() => createMockTool({ name: 'x' }).mockImplementation(5 as never)).toThrow(TypeError);
  });
});
