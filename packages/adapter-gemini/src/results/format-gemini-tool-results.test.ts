import { describe, expect, test } from 'bun:test';
import { echo, liveStreamResults, words } from '@armorer/adapter-fixtures/results';
import { createTool, createToolbox } from '@armorer/core';
import { parseGeminiToolCalls } from '../calls/parse-gemini-tool-calls';
import { formatGeminiToolResults, formatGeminiToolResultsAsync } from './format-gemini-tool-results';

const tools = [
  echo,
  createTool({ name: 'info.get', description: 'Info', execute: () => ({ ok: true, at: 3n }) }),
  words,
];

describe('formatGeminiToolResults', () => {
  test('functionResponse parts: { output } on success, { error } otherwise; ids only when Gemini sent them', async () => {
    const calls = parseGeminiToolCalls([
      { id: 'fc_1', name: 'echo', args: { text: 'hi' } },
      { name: 'info.get' },
      { id: 'fc_3', name: 'echo', args: {} },
    ]);
    const parts = formatGeminiToolResults(await createToolbox(tools).execute(calls));
    expect(parts[0]).toEqual({ functionResponse: { id: 'fc_1', name: 'echo', response: { output: 'hi' } } });
    expect(parts[1]).toEqual({
      functionResponse: { name: 'info.get', response: { output: { ok: true, at: '3' } } },
    });
    expect(parts[2]?.functionResponse).toMatchObject({
      id: 'fc_3',
      name: 'echo',
      response: { error: { category: 'validation', code: 'INVALID_ARGUMENTS', retryable: false } },
    });
  });

  test('live streams need the async formatter', async () => {
    const results = await liveStreamResults();
    expect(() => formatGeminiToolResults(results)).toThrow(/formatGeminiToolResultsAsync/);
    expect(await formatGeminiToolResultsAsync(results)).toEqual([
      { functionResponse: { id: 's', name: 'words', response: { output: ['a', 'b'] } } },
    ]);
    expect(() => formatGeminiToolResults({} as never)).toThrow(/not a ToolResult/);
  });
});
