import { describe, expect, test } from 'bun:test';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { createToolbox } from '@armorer/core';
import { toAnthropicTools } from '../tools/to-anthropic-tools';
import { parseAnthropicToolCalls } from './parse-anthropic-tool-calls';

describe('parseAnthropicToolCalls', () => {
  test('reads tool_use blocks and skips the others', () => {
    const content = [
      { type: 'thinking', thinking: '...', signature: 's' },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'toolu_1', name: 'get-weather', input: { city: 'Oslo' } },
      { type: 'tool_use', id: 'toolu_2', name: 'get-weather', input: {} },
    ];
    expect(parseAnthropicToolCalls(content)).toEqual([
      { id: 'toolu_1', name: 'get-weather', arguments: { city: 'Oslo' } },
      { id: 'toolu_2', name: 'get-weather', arguments: {} },
    ]);
    expect(parseAnthropicToolCalls({ content })).toHaveLength(2);
    expect(parseAnthropicToolCalls({ content: 'plain text' })).toEqual([]);
    expect(parseAnthropicToolCalls(undefined)).toEqual([]);
    expect(() => parseAnthropicToolCalls(5 as never)).toThrow(/expects the message content blocks/);
  });

  test('string inputs are parsed by validation: truncated JSON is an error, never {}', async () => {
    const toolbox = createToolbox([getWeather]);
    const calls = parseAnthropicToolCalls([
      { type: 'tool_use', id: 'a', name: 'get-weather', input: '{"city":"Oslo"}' },
      { type: 'tool_use', id: 'b', name: 'get-weather', input: '{"city":"Os' },
      { type: 'tool_use', id: 'c', name: 'get-weather', input: ['Oslo'] },
      { type: 'tool_use', id: 'd', name: 'get-weather', input: null },
    ]);
    const results = await toolbox.execute(calls);
    expect(results.map((result) => [result.callId, result.error?.code])).toEqual([
      ['a', undefined],
      ['b', 'MALFORMED_ARGUMENTS'],
      ['c', 'INVALID_ARGUMENTS'],
      ['d', 'INVALID_ARGUMENTS'],
    ]);
  });

  test('declared names are mapped back, from the given tools or from earlier exports', () => {
    const block = { type: 'tool_use', id: 'x', name: 'records_save', input: { id: 'r', metadata: {} } };
    expect(parseAnthropicToolCalls([block], { tools: [saveRecord] })[0]?.name).toBe('records.save');
    toAnthropicTools([saveRecord]);
    expect(parseAnthropicToolCalls([block])[0]?.name).toBe('records.save');
    expect(parseAnthropicToolCalls([{ type: 'tool_use', id: 'y', input: {} }])[0]?.name).toBe('');
  });
});
