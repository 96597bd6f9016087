import { describe, expect, test } from 'bun:test';
import { echo, liveStreamResults, words } from '@armorer/adapter-fixtures/results';
import { createTool, createToolbox } from '@armorer/core';
import { formatAnthropicToolResults, formatAnthropicToolResultsAsync } from './format-anthropic-tool-results';

const tools = [
  echo,
  createTool({ name: 'info', description: 'Info', execute: () => ({ ok: true, n: 2 }) }),
  createTool({
    name: 'fail',
    description: 'Fails',
    execute: () => Promise.reject(new Error('backend down')),
  }),
  words,
];

describe('formatAnthropicToolResults', () => {
  test('tool_result blocks in call order, with is_error for failures', async () => {
    const results = await createToolbox(tools).execute([
      { id: 'toolu_a', name: 'echo', arguments: { text: 'hi' } },
      { id: 'toolu_b', name: 'info', arguments: {} },
      { id: 'toolu_c', name: 'fail', arguments: {} },
      { id: 'toolu_d', name: 'nope', arguments: {} },
    ]);
    const blocks = formatAnthropicToolResults(results);
    expect(blocks.slice(0, 2)).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_a', content: 'hi', is_error: false },
      { type: 'tool_result', tool_use_id: 'toolu_b', content: '{"ok":true,"n":2}', is_error: false },
    ]);
    expect(blocks[2]).toMatchObject({ tool_use_id: 'toolu_c', is_error: true });
    expect(blocks[2]?.content).toContain('backend down');
    expect(blocks[3]).toMatchObject({ tool_use_id: 'toolu_d', is_error: true });
    expect(blocks[3]?.content).toContain('Unknown tool "nope"');
  });

  test('live streams need the async formatter', async () => {
    const results = await liveStreamResults();
    expect(() => formatAnthropicToolResults(results)).toThrow(/formatAnthropicToolResultsAsync/);
    expect(await formatAnthropicToolResultsAsync(results)).toEqual([
      { type: 'tool_result', tool_use_id: 's', content: '["a","b"]', is_error: false },
    ]);
    expect(() => formatAnthropicToolResults([1] as never)).toThrow(/not a ToolResult/);
  });
});
