import { describe, expect, test } from 'bun:test';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { createToolbox } from '@armorer/core';
import { toOpenAITools } from '../tools/to-openai-tools';
import { parseOpenAIToolCalls } from './parse-openai-tool-calls';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

describe('parseOpenAIToolCalls', () => {
  test('parses arguments into objects; malformed or truncated JSON stays a string and fails validation, never {}', async () => {
    const toolbox = createToolbox([getWeather]);
    const calls = parseOpenAIToolCalls(
      [
        call('c1', 'get-weather', '{"city":"Oslo"}'),
        call('c2', 'get-weather', '{"city": "Os'),
        call('c3', 'get-weather', '[1,2]'),
        call('c4', 'get-weather', ''),
      ],
      { strict: false },
    );
    expect(calls.map((entry) => entry.arguments)).toEqual([{ city: 'Oslo' }, '{"city": "Os', '[1,2]', '']);
    const results = await toolbox.execute(calls);
    expect(results.map((result) => [result.callId, result.outcome, result.error?.code])).toEqual([
      ['c1', 'success', undefined],
      ['c2', 'error', 'MALFORMED_ARGUMENTS'],
      ['c3', 'error', 'INVALID_ARGUMENTS'],
      ['c4', 'error', 'INVALID_ARGUMENTS'],
    ]);
    expect(results[1]?.error?.message).toContain('not valid JSON');
  });

  test('maps strict-mode nulls of optional fields back to absent fields', async () => {
    const toolbox = createToolbox([getWeather]);
    toOpenAITools(toolbox, { strict: true });
    const args =
      '{"city":"Oslo","units":null,"days":null,"note":null,"when":{"from":"2030-01-01","to":null},"tags":null}';
    const [parsed] = parseOpenAIToolCalls([call('c1', 'get-weather', args)]);
    expect(parsed?.arguments).toEqual({ city: 'Oslo', note: null, when: { from: '2030-01-01' } });
    const [result] = await toolbox.execute(parseOpenAIToolCalls([call('c1', 'get-weather', args)]));
    expect(result?.result).toEqual({
      city: 'Oslo',
      units: 'celsius',
      note: null,
      when: { from: '2030-01-01' },
    });
    expect(parseOpenAIToolCalls([call('c1', 'get-weather', args)], { strict: false })[0]?.arguments).toEqual(
      JSON.parse(args),
    );
    expect(parseOpenAIToolCalls([call('c1', 'get-weather', '{"city":')])[0]?.arguments).toBe('{"city":');
  });

  test('with the tools given, names and strictness come from them', () => {
    const toolbox = createToolbox([saveRecord, getWeather]);
    const calls = parseOpenAIToolCalls(
      [
        call('c1', 'records_save', '{"id":"r1","metadata":{}}'),
        call('c2', 'get-weather', '{"city":"x","units":null}'),
      ],
      { tools: toolbox, strict: true },
    );
    expect(calls).toEqual([
      { id: 'c1', name: 'records.save', arguments: { id: 'r1', metadata: {} } },
      { id: 'c2', name: 'get-weather', arguments: { city: 'x' } },
    ]);
  });

  test('with the tools given, a strict export is remembered without saying strict again', () => {
    const toolbox = createToolbox([getWeather]);
    toOpenAITools(toolbox, { strict: true });
    const [parsed] = parseOpenAIToolCalls([call('c1', 'get-weather', '{"city":"x","days":null}')], {
      tools: toolbox,
    });
    expect(parsed?.arguments).toEqual({ city: 'x' });
  });

  test('declared names are mapped back after an export', () => {
    toOpenAITools([saveRecord]);
    expect(parseOpenAIToolCalls([call('c1', 'records_save', '{}')])[0]?.name).toBe('records.save');
    expect(parseOpenAIToolCalls([call('c1', 'not_exported', '{}')])[0]?.name).toBe('not_exported');
  });

  test('accepts the assistant message and nothing; keeps odd entries so every call id gets an answer', async () => {
    expect(parseOpenAIToolCalls(undefined)).toEqual([]);
    expect(parseOpenAIToolCalls(null)).toEqual([]);
    expect(parseOpenAIToolCalls({ tool_calls: null })).toEqual([]);
    expect(parseOpenAIToolCalls({ tool_calls: [call('c1', 'get-weather', '{}')] })).toHaveLength(1);
    const odd = parseOpenAIToolCalls([
      { id: 'c1', type: 'custom', custom: { name: 'get-weather', input: 'free text' } },
      { id: 'c2', type: 'function' },
      null as never,
    ]);
    expect(odd).toEqual([
      { id: 'c1', name: 'get-weather', arguments: 'free text' },
      { id: 'c2', name: '', arguments: undefined },
      { name: '', arguments: undefined },
    ]);
    const results = await createToolbox([getWeather]).execute(odd);
    expect(results.map((result) => result.error?.code)).toEqual([
      'MALFORMED_ARGUMENTS',
      'TOOL_NOT_FOUND',
      'TOOL_NOT_FOUND',
    ]);
    expect(() => parseOpenAIToolCalls('calls' as never)).toThrow(/expects message.tool_calls/);
  });
});
