import { describe, expect, test } from 'bun:test';
import { getWeather } from '@armorer/adapter-fixtures/tools';
import { createTool, createToolbox, createToolError, type ToolResult } from '@armorer/core';
import { z } from 'zod';
import { parseAnthropicToolCalls } from './calls/parse-anthropic-tool-calls';
import { formatAnthropicToolResults } from './results/format-anthropic-tool-results';

const echo = createTool({
  name: 'echo',
  description: 'echo',
  input: z.object({}).passthrough(),
  execute: async (args) => args,
});

describe('red team: Anthropic inbound and outbound', () => {
  test('hostile blocks never throw, and every tool_use block becomes a result', async () => {
    const blocks: unknown[] = [
      null,
      7,
      'tool_use',
      { type: 'tool_use' },
      { type: 'tool_use', id: 5, name: 6, input: 'not json' },
      { type: 'tool_use', id: 'a', name: 'get-weather', input: [1] },
      { type: 'tool_use', id: 'b', name: 'get-weather', input: null },
      { type: 'tool_use', id: 'c', name: 'constructor', input: {} },
      { type: 'tool_use', id: 'c', name: '__proto__', input: {} },
      { type: 'tool_use', id: 'd', name: 'get-weather', input: '{"city":"Os' },
      { type: 'server_tool_use', id: 'e', name: 'web_search', input: {} },
    ];
    const calls = parseAnthropicToolCalls(blocks as never);
    expect(calls).toHaveLength(7);
    const results = await createToolbox([getWeather]).execute(calls);
    expect(results).toHaveLength(7);
    expect(results.filter((result) => result.outcome === 'success')).toHaveLength(0);
    const formatted = formatAnthropicToolResults(results);
    for (const block of formatted) {
      expect(typeof block.tool_use_id).toBe('string');
      expect(typeof block.content).toBe('string');
      expect(block.is_error).toBe(true);
    }
  });

  test('a __proto__ key in the input never becomes a prototype', async () => {
    const input = JSON.parse('{"__proto__":{"polluted":1},"a":1}') as unknown;
    const calls = parseAnthropicToolCalls([{ type: 'tool_use', id: 'p', name: 'echo', input }] as never);
    await createToolbox([echo]).execute(calls);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('results of any shape format into well-formed blocks without stack traces', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    const bare = Object.create(null) as Record<string, unknown>;
    bare['self'] = bare;
    const values: unknown[] = [undefined, null, 1n, cycle, bare, new Error('inner'), 'x'.repeat(100_000)];
    const results = values.map(
      (result, index): ToolResult =>
        ({
          callId: `r${index}`,
          toolCallId: `r${index}`,
          toolName: 't',
          outcome: 'success',
          result,
        }) as ToolResult,
    );
    results.push({
      callId: 'e',
      toolCallId: 'e',
      toolName: 't',
      outcome: 'error',
      error: createToolError('EXECUTION_FAILED', 'broke', { details: { n: 1n } as never }),
    } as ToolResult);
    const blocks = formatAnthropicToolResults(results);
    expect(blocks).toHaveLength(results.length);
    for (const block of blocks) {
      expect(typeof block.content).toBe('string');
      expect(block.content).not.toContain('    at ');
      expect(() => JSON.stringify(block)).not.toThrow();
    }
  });
});
