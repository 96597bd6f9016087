import { describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '@armorer/adapter-shared';
import { fromOpenAITools } from './from-openai-tools';
import { toOpenAITools } from './to-openai-tools';

const weather = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, units: { type: ['string', 'null'], enum: ['c', 'f', null] } },
      required: ['city', 'units'],
      additionalProperties: false,
    },
    strict: true,
  },
};

describe('fromOpenAITools', () => {
  test('imports Chat Completions tools whose arguments are validated and implemented by getTool', async () => {
    const names: string[] = [];
    const toolbox = fromOpenAITools([weather], {
      getTool(configuration) {
        names.push(configuration.name);
        return async (params) => `${params['city']} ${params['units'] ?? 'c'}`;
      },
      context: { region: 'eu' },
    });
    expect(names).toEqual(['get_weather']);
    expect(toolbox.context).toEqual({ region: 'eu' });
    expect(
      (await toolbox.execute({ name: 'get_weather', arguments: '{"city":"Oslo","units":null}' })).result,
    ).toBe('Oslo c');
    const invalid = await toolbox.execute({ name: 'get_weather', arguments: { city: 'Oslo', units: 'k' } });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    const extra = await toolbox.execute({
      name: 'get_weather',
      arguments: { city: 'Oslo', units: 'c', x: 1 },
    });
    expect(extra.error?.code).toBe('INVALID_ARGUMENTS');
  });

  test('a strict declaration stays strict when exported again, unchanged', () => {
    const toolbox = fromOpenAITools([weather]);
    expect(toolbox.tools()[0]?.configuration.metadata).toEqual({ openai: { strict: true } });
    expect(JSON.parse(JSON.stringify(toOpenAITools(toolbox)))).toEqual([weather]);
  });

  test('bare function definitions (legacy functions, BFCL) with non-standard types are imported', async () => {
    const toolbox = fromOpenAITools(
      [
        {
          name: 'calculate_triangle_area',
          description: 'Area from base and height',
          parameters: {
            type: 'dict',
            properties: {
              base: { type: 'float' },
              height: { type: 'integer' },
              unit: { type: 'string', optional: true, default: 'units' },
            },
            required: ['base', 'height'],
          },
        },
        { name: 'ping' },
      ],
      { getTool: () => (params) => params },
    );
    expect(toolbox.names()).toEqual(['calculate_triangle_area', 'ping']);
    expect(
      (await toolbox.execute({ name: 'calculate_triangle_area', arguments: { base: 1.5, height: 2 } }))
        .result,
    ).toEqual({
      base: 1.5,
      height: 2,
      unit: 'units',
    });
    const wrong = await toolbox.execute({
      name: 'calculate_triangle_area',
      arguments: { base: 1.5, height: 2.5 },
    });
    expect(wrong.error?.code).toBe('INVALID_ARGUMENTS');
    expect(toOpenAITools(toolbox)[1]?.function.parameters).toEqual({ type: 'object', properties: {} });
  });

  test('unreadable declarations are refused with the index and the reason', () => {
    const attempts: [unknown, RegExp][] = [
      [{ type: 'function' }, /declaration 0 has no "name"/],
      [{ type: 'custom', custom: { name: 'x' } }, /declaration 0 has type "custom"/],
      [
        { type: 'function', function: { name: 'x', parameters: { type: 'array' } } },
        /must have type "object"/,
      ],
      [{ type: 'function', function: { name: 'x', description: 3 } }, /"description" that is not a string/],
    ];
    for (const [declaration, message] of attempts) {
      expect(() => fromOpenAITools([declaration], { invalidDeclarations: 'throw' })).toThrow(message);
    }
    let caught: unknown;
    try {
      fromOpenAITools('nope' as never);
    } catch (error) {
      caught = error;
    }
    expect(ProviderAdapterError.isInstance(caught)).toBe(true);
  });
});
