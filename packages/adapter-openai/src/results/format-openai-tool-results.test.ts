import { describe, expect, test } from 'bun:test';
import { echo, liveStreamResults, words } from '@armorer/adapter-fixtures/results';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { formatOpenAIToolResults, formatOpenAIToolResultsAsync } from './format-openai-tool-results';

const tools = [
  echo,
  createTool({
    name: 'stats',
    description: 'Stats',
    input: { text: z.string() },
    execute: ({ text }) => ({ length: text.length }),
  }),
  words,
];

describe('formatOpenAIToolResults', () => {
  test('one tool message per call, in order: text, JSON, or a structured error', async () => {
    const results = await createToolbox(tools).execute([
      { id: 'a', name: 'echo', arguments: '{"text":"hi"}' },
      { id: 'b', name: 'stats', arguments: '{"text":"hello"}' },
      { id: 'c', name: 'echo', arguments: '{"text":5}' },
      { id: 'd', name: 'words', arguments: '{"text":"x y"}' },
    ]);
    const messages = formatOpenAIToolResults(results);
    expect(messages.slice(0, 2)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: 'hi' },
      { role: 'tool', tool_call_id: 'b', content: '{"length":5}' },
    ]);
    const error = JSON.parse(messages[2]?.content ?? '') as { error: Record<string, unknown> };
    expect(error.error).toMatchObject({
      category: 'validation',
      code: 'INVALID_ARGUMENTS',
      retryable: false,
    });
    expect(messages[3]).toEqual({ role: 'tool', tool_call_id: 'd', content: '["x","y"]' });
    expect(formatOpenAIToolResults(results[0] as (typeof results)[number])).toHaveLength(1);
  });

  test('live streams need the async formatter, which collects them', async () => {
    const results = await liveStreamResults();
    expect(() => formatOpenAIToolResults(results)).toThrow(/formatOpenAIToolResultsAsync/);
    expect(await formatOpenAIToolResultsAsync(results)).toEqual([
      { role: 'tool', tool_call_id: 's', content: '["a","b"]' },
    ]);
  });

  test('refuses values that are not tool results', async () => {
    expect(() => formatOpenAIToolResults([{ id: 'x' }] as never)).toThrow(/not a ToolResult/);
    await expect(formatOpenAIToolResultsAsync(undefined as never)).rejects.toThrow(/not a ToolResult/);
  });
});
