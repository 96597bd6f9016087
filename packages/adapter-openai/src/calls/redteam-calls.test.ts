import { describe, expect, test } from 'bun:test';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { toOpenAITools } from '../tools/to-openai-tools';
import { parseOpenAIToolCalls } from './parse-openai-tool-calls';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

describe('red team: parseOpenAIToolCalls on hostile input', () => {
  test('a __proto__ key in the arguments stays an own key and never becomes the prototype', async () => {
    toOpenAITools([getWeather], { strict: true });
    for (const strict of [true, false]) {
      const [parsed] = parseOpenAIToolCalls(
        [call('p', 'get-weather', '{"city":"Oslo","__proto__":{"units":"kelvin","polluted":1}}')],
        { strict },
      );
      const args = parsed?.arguments as Record<string, unknown>;
      expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
      expect(Object.hasOwn(args, '__proto__')).toBe(true);
      expect(args['units']).toBeUndefined();
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('a "__proto__" record entry stays an own key of the record', () => {
    toOpenAITools([saveRecord], { strict: true });
    const args = '{"id":"r1","metadata":[{"key":"__proto__","value":"x"},{"key":"constructor","value":"y"}]}';
    const [parsed] = parseOpenAIToolCalls([call('r', 'records_save', args)], {
      tools: [saveRecord],
      strict: true,
    });
    const metadata =
      (parsed?.arguments as { metadata?: Record<string, unknown> } | undefined)?.metadata ?? {};
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect(Object.keys(metadata)).toEqual(['__proto__', 'constructor']);
  });

  test('non-object function fields, null function, non-array tool_calls: no throw', () => {
    const hostile: unknown[] = [
      { id: 'a', function: null },
      { id: 'b', function: 'x' },
      { id: 'c', function: { name: 5, arguments: 7 } },
      { id: 7, function: { name: 'get-weather', arguments: '{}' } },
      { custom: null },
      null,
      3,
      'str',
    ];
    expect(() => parseOpenAIToolCalls(hostile as never)).not.toThrow();
    expect(parseOpenAIToolCalls(hostile as never)).toHaveLength(hostile.length);
    expect(() => parseOpenAIToolCalls({ tool_calls: 5 } as never)).not.toThrow();
    expect(() => parseOpenAIToolCalls({ tool_calls: { 0: 'x' } } as never)).not.toThrow();
  });

  test('arbitrary JSON-ish calls never throw and every parsed call reaches execute as a result', async () => {
    const toolbox = createToolbox([getWeather]);
    const item = fc.oneof(
      fc.anything(),
      fc.record({ id: fc.anything(), type: fc.anything(), function: fc.anything() }, { requiredKeys: [] }),
      fc.record({
        id: fc.string(),
        function: fc.record({
          name: fc.constantFrom('get-weather', '', '__proto__', 'constructor'),
          arguments: fc.oneof(fc.string(), fc.json(), fc.anything()),
        }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 4 }), async (items) => {
        const calls = parseOpenAIToolCalls(items as never);
        const results = await toolbox.execute(calls);
        expect(results).toHaveLength(calls.length);
      }),
      { numRuns: 150 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('deeply nested and huge arguments do not throw out of the parser', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `{"city":"Oslo","x":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`;
    expect(() =>
      parseOpenAIToolCalls([call('d', 'get-weather', deep), call('e', 'get-weather', deepObject)], {
        strict: true,
      }),
    ).not.toThrow();
    const huge = JSON.stringify({ city: 'x'.repeat(2_000_000) });
    expect(() => parseOpenAIToolCalls([call('h', 'get-weather', huge)])).not.toThrow();
  });

  test('a value nested too deep for JSON.stringify at a strict union does not throw out of the parser', () => {
    const unioned = createTool({
      name: 'unioned',
      description: 'u',
      input: z.object({ v: z.union([z.literal('x'), z.record(z.string(), z.string())]) }),
      execute: async (args) => args,
    });
    const deep = `{"v":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const [parsed] = parseOpenAIToolCalls([call('u', 'unioned', deep)], { tools: [unioned], strict: true });
    // Kept as sent (no branch can be told), for validation to refuse.
    expect(Array.isArray((parsed?.arguments as { v?: unknown } | undefined)?.v)).toBe(true);
  });

  test('colliding declared names never run the wrong tool', async () => {
    const make = (name: string) =>
      createTool({ name, description: name, input: z.object({}), execute: async () => name });
    const dotted = make('geo.find');
    const plain = make('geo_find');
    for (const order of [
      [dotted, plain],
      [plain, dotted],
    ]) {
      const toolbox = createToolbox(order);
      const calls = parseOpenAIToolCalls([call('x', 'geo_find', '{}')], { tools: toolbox });
      const [result] = await toolbox.execute(calls);
      // geo_find is the real name of one tool: that tool, never geo.find.
      expect(result?.result).toBe('geo_find');
    }
  });
});
