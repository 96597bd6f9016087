import { describe, expect, test } from 'bun:test';
import { isToolbox } from '@armorer/core';
import { createMockTool } from '../mock-tool/create-mock-tool';
import { createTestRegistry } from './create-test-registry';

describe('createTestRegistry', () => {
  test('the documented example: register a mock, execute without an id, read the history', async () => {
    const mock = createMockTool({ name: 'weather' });
    mock.mockResolve({ temp: 72 });
    const toolbox = createTestRegistry();
    toolbox.register(mock);
    await toolbox.execute({ name: 'weather', arguments: {} });
    expect(toolbox.history[0]?.call.name).toBe('weather');
    expect(toolbox.history[0]?.call.id).toBeString();
    expect(toolbox.history[0]?.result.result).toEqual({ temp: 72 });
    expect(isToolbox(toolbox)).toBe(true);
  });

  test('records failures, unknown tools, invalid calls and batches in order', async () => {
    const ok = createMockTool({ name: 'ok' }).mockResolve(1);
    const failing = createMockTool({ name: 'failing' }).mockReject(new Error('down'));
    const toolbox = createTestRegistry({ tools: [ok, failing], context: { region: 'eu' } });
    await toolbox.execute({ id: 'c1', name: 'failing', arguments: '{}' });
    await toolbox.execute({ name: 'missing', arguments: {} });
    await toolbox.execute(null as never);
    await toolbox.execute([
      { id: 'b1', name: 'ok', arguments: {} },
      { id: 'b2', name: 'failing', arguments: {} },
    ]);
    expect(
      toolbox.history.map((item) => [item.call.name, item.result.outcome, item.result.error?.code ?? null]),
    ).toEqual([
      ['failing', 'error', 'EXECUTION_FAILED'],
      ['missing', 'error', 'TOOL_NOT_FOUND'],
      ['', 'error', 'INVALID_TOOL_CALL'],
      ['ok', 'success', null],
      ['failing', 'error', 'EXECUTION_FAILED'],
    ]);
    expect(toolbox.history[0]?.call).toEqual({ id: 'c1', name: 'failing', arguments: '{}' });
    expect(toolbox.context).toEqual({ region: 'eu' });
    toolbox.clearHistory();
    expect(toolbox.history).toHaveLength(0);
  });

  test('concurrent calls are all recorded', async () => {
    const mock = createMockTool({ name: 'echo' }).mockImplementation(async (params) => params);
    const toolbox = createTestRegistry({ tools: [mock] });
    await Promise.all(
      Array.from({ length: 100 }, (_, index) => toolbox.execute({ name: 'echo', arguments: { index } })),
    );
    expect(toolbox.history).toHaveLength(100);
    expect(new Set(toolbox.history.map((item) => (item.result.result as { index: number }).index)).size).toBe(
      100,
    );
  });
});
