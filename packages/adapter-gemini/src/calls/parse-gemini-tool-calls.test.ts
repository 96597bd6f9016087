import { describe, expect, test } from 'bun:test';
import { getWeather } from '@armorer/adapter-fixtures/tools';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { toGeminiTools } from '../tools/to-gemini-tools';
import { SYNTHETIC_ID_PREFIX } from './call-ids';
import { parseGeminiToolCalls } from './parse-gemini-tool-calls';

describe('parseGeminiToolCalls', () => {
  const response = {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            { text: 'Let me look.' },
            { functionCall: { id: 'fc_1', name: 'get-weather', args: { city: 'Rome' } } },
            { functionCall: { name: 'get-weather', args: { city: 7 } } },
          ],
        },
      },
      { content: { parts: [{ functionCall: { name: 'ignored', args: {} } }] } },
    ],
  };

  test('reads responses, contents, parts and function calls; skips other parts', () => {
    const fromResponse = parseGeminiToolCalls(response);
    expect(fromResponse[0]).toEqual({ id: 'fc_1', name: 'get-weather', arguments: { city: 'Rome' } });
    expect(fromResponse[1]?.id?.startsWith(SYNTHETIC_ID_PREFIX)).toBe(true);
    expect(fromResponse).toHaveLength(2);
    expect(parseGeminiToolCalls(response.candidates[0]?.content)).toHaveLength(2);
    expect(parseGeminiToolCalls([{ name: 'get-weather', args: { city: 'Rome' } }])[0]).toMatchObject({
      name: 'get-weather',
    });
    expect(parseGeminiToolCalls(undefined)).toEqual([]);
    expect(parseGeminiToolCalls({ candidates: [] })).toEqual([]);
    expect(() => parseGeminiToolCalls('calls' as never)).toThrow(/expects response.functionCalls/);
  });

  test('args are validated as they are; a missing args means no arguments', async () => {
    const ping = createTool({ name: 'ping', description: 'Ping', execute: () => 'pong' });
    const echo = createTool({
      name: 'echo',
      description: 'Echo',
      input: { text: z.string() },
      execute: ({ text }) => text,
    });
    const calls = parseGeminiToolCalls([
      { name: 'ping' },
      { name: 'echo' },
      { name: 'echo', args: { text: 'hi' } },
    ]);
    const results = await createToolbox([ping, echo]).execute(calls);
    expect(results.map((result) => [result.outcome, result.error?.code])).toEqual([
      ['success', undefined],
      ['error', 'INVALID_ARGUMENTS'],
      ['success', undefined],
    ]);
  });

  test('names Gemini could not take are mapped back', () => {
    const odd = createTool({
      name: '9lives',
      description: 'x',
      input: { n: z.number() },
      execute: ({ n }) => n,
    });
    expect(toGeminiTools([odd, getWeather]).map((item) => item.name)).toEqual(['_9lives', 'get-weather']);
    expect(parseGeminiToolCalls([{ name: '_9lives', args: { n: 1 } }])[0]?.name).toBe('9lives');
    expect(parseGeminiToolCalls([{ name: '_9lives', args: {} }], { tools: [getWeather] })[0]?.name).toBe(
      '_9lives',
    );
  });
});
