import { describe, expect, test } from 'bun:test';
import { echo, liveStreamResults } from '@armorer/adapter-fixtures/results';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { ProviderAdapterError } from '@armorer/adapter-shared';
import { createToolbox } from '@armorer/core';
import { functionCall, message, responseEvents } from '../__fixtures__/responses-api';
import { toOpenAITools } from '../tools/to-openai-tools';
import {
  formatOpenAIResponseToolResults,
  formatOpenAIResponseToolResultsAsync,
} from './format-openai-response-tool-results';
import { parseOpenAIResponseToolCalls } from './parse-openai-response-tool-calls';
import { toOpenAIResponseTools } from './to-openai-response-tools';

describe('toOpenAIResponseTools', () => {
  test('the Chat Completions declarations with the function fields at the top level, strict included', () => {
    for (const strict of [false, true]) {
      const warnings: unknown[] = [];
      const chat = toOpenAITools([getWeather, saveRecord], { strict });
      const responses = toOpenAIResponseTools([getWeather, saveRecord], {
        strict,
        onWarnings: (found) => warnings.push(...found),
      });
      expect(responses).toEqual(chat.map((tool) => ({ type: 'function', ...tool.function })));
      expect(responses.map((tool) => Object.keys(tool))).toEqual([
        ['type', 'name', 'description', 'parameters', 'strict'],
        ['type', 'name', 'description', 'parameters', 'strict'],
      ]);
      // The record of records.save is declared as entries in strict mode, and reported.
      expect(warnings.length > 0).toBe(true);
    }
    expect(() => toOpenAIResponseTools('x' as never)).toThrow(ProviderAdapterError);
  });
});

describe('parseOpenAIResponseToolCalls', () => {
  const output = [
    { type: 'reasoning', id: 'rs_1', summary: [] },
    functionCall('c1', 'get-weather', '{"city":"Oslo"}'),
    message('Looking it up.'),
    functionCall('c2', 'records_save', '{"id":"r1","metadata":{"k":"v"}}'),
  ];

  test('reads a response, its output, or its events; skips other items', () => {
    const expected = [
      { id: 'c1', name: 'get-weather', arguments: { city: 'Oslo' } },
      { id: 'c2', name: 'records.save', arguments: { id: 'r1', metadata: { k: 'v' } } },
    ];
    const toolbox = createToolbox([getWeather, saveRecord]);
    expect(parseOpenAIResponseToolCalls({ output }, { tools: toolbox })).toEqual(expected);
    expect(parseOpenAIResponseToolCalls(output, { tools: toolbox })).toEqual(expected);
    expect(parseOpenAIResponseToolCalls(responseEvents('r', output), { tools: toolbox })).toEqual(expected);
    expect(parseOpenAIResponseToolCalls(null)).toEqual([]);
    expect(parseOpenAIResponseToolCalls({ output: null })).toEqual([]);
    expect(parseOpenAIResponseToolCalls([message('hi')])).toEqual([]);
  });

  test('anything but a response, items or events is a typed error', () => {
    for (const value of ['output', 3, { output: 'x' }, true]) {
      let caught: unknown;
      try {
        parseOpenAIResponseToolCalls(value as never);
      } catch (error) {
        caught = error;
      }
      expect(ProviderAdapterError.isInstance(caught) && caught.code).toBe('INVALID_TOOL_CALLS');
    }
  });
});

describe('formatOpenAIResponseToolResults', () => {
  test('one function_call_output per call, in call order, with the structured error on failure', async () => {
    const results = await createToolbox([echo]).execute([
      { id: 'a', name: 'echo', arguments: '{"text":"hi"}' },
      { id: 'b', name: 'echo', arguments: '{"text":5}' },
    ]);
    const items = formatOpenAIResponseToolResults(results);
    expect(items[0]).toEqual({ type: 'function_call_output', call_id: 'a', output: 'hi' });
    expect(JSON.parse(items[1]?.output ?? '')).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
    expect(() => formatOpenAIResponseToolResults([{}] as never)).toThrow(/not a ToolResult/);
  });

  test('live streams need the async formatter, which collects them', async () => {
    const results = await liveStreamResults();
    expect(() => formatOpenAIResponseToolResults(results)).toThrow(/formatOpenAIResponseToolResultsAsync/);
    expect(await formatOpenAIResponseToolResultsAsync(results)).toEqual([
      { type: 'function_call_output', call_id: 's', output: '["a","b"]' },
    ]);
  });
});
