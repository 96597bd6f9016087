import { describe, expect, test } from 'bun:test';
import { getWeather, plot, saveRecord } from '@armorer/adapter-fixtures/tools';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { openAIToolProblems } from '../__fixtures__/openai-rules';
import { parseOpenAIToolCalls } from '../calls/parse-openai-tool-calls';
import { toOpenAITools } from './to-openai-tools';

function warningsOf(run: (onWarnings: (warnings: readonly ConversionWarning[]) => void) => unknown) {
  const seen: ConversionWarning[] = [];
  run((warnings) => seen.push(...warnings));
  return seen;
}

describe('toOpenAITools', () => {
  test('non-strict declarations keep the full schema', () => {
    const [tool] = toOpenAITools([getWeather]);
    expect(tool?.type).toBe('function');
    expect(tool?.function).toMatchObject({
      name: 'get-weather',
      description: 'Current weather for a city',
      strict: false,
    });
    const parameters = tool?.function.parameters as Record<string, unknown>;
    expect(parameters['$schema']).toBeUndefined();
    expect(parameters['required']).toEqual(['city']);
    expect(parameters['properties']).toMatchObject({
      city: { type: 'string', minLength: 1, description: 'City name' },
      tags: { type: 'array', maxItems: 5 },
    });
    expect(openAIToolProblems(tool)).toEqual([]);
  });

  test('strict declarations close objects, require every property and make optional ones nullable', () => {
    const warnings = warningsOf((onWarnings) => toOpenAITools([getWeather], { strict: true, onWarnings }));
    const [tool] = toOpenAITools([getWeather], { strict: true });
    expect(tool?.function.strict).toBe(true);
    expect(tool?.function.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        units: { anyOf: [{ type: 'string', enum: ['celsius', 'fahrenheit'] }, { type: 'null' }] },
        days: { type: ['integer', 'null'], minimum: 1, maximum: 7 },
        note: { type: ['string', 'null'] },
        when: {
          type: ['object', 'null'],
          properties: {
            from: { type: 'string', format: 'date', pattern: expect.any(String) },
            to: { type: ['string', 'null'], format: 'date', pattern: expect.any(String) },
          },
          required: ['from', 'to'],
          additionalProperties: false,
        },
        tags: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 5 },
      },
      required: ['city', 'units', 'days', 'note', 'when', 'tags'],
      additionalProperties: false,
    });
    expect(warnings.map((warning) => [warning.code, warning.path, warning.keyword])).toEqual([
      ['UNSUPPORTED_KEYWORD', '/properties/city', 'minLength'],
    ]);
    expect(openAIToolProblems(tool)).toEqual([]);
  });

  test('strict relaxes what it can and reports it; unsupported formats are left out', () => {
    const warnings = warningsOf((onWarnings) => toOpenAITools([plot], { strict: true, onWarnings }));
    const [tool] = toOpenAITools([plot], { strict: true });
    expect(tool?.function.strict).toBe(true);
    expect(
      (tool?.function.parameters['properties'] as Record<string, unknown> | undefined)?.['point'],
    ).toEqual({
      type: 'array',
      items: { type: 'number' },
      minItems: 2,
      maxItems: 2,
    });
    expect(warnings.map((warning) => [warning.code, warning.keyword])).toEqual([
      ['RELAXED_KEYWORD', 'prefixItems'],
      ['UNSUPPORTED_KEYWORD', 'format'],
    ]);
    expect(openAIToolProblems(tool)).toEqual([]);
  });

  test('a record is declared as { key, value } entries in strict mode, and its calls read back as a record', async () => {
    const warnings = warningsOf((onWarnings) => toOpenAITools([saveRecord], { strict: true, onWarnings }));
    const [tool] = toOpenAITools([saveRecord], { strict: true });
    expect(tool?.function).toMatchObject({ name: 'records_save', strict: true });
    expect(
      (tool?.function.parameters['properties'] as Record<string, unknown> | undefined)?.['metadata'],
    ).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, value: { type: 'string' } },
        required: ['key', 'value'],
        additionalProperties: false,
      },
    });
    expect(warnings.map((warning) => [warning.code, warning.keyword])).toEqual([
      ['NAME_CHANGED', undefined],
      ['RELAXED_KEYWORD', 'additionalProperties'],
    ]);
    expect(openAIToolProblems(tool)).toEqual([]);
    const [call] = parseOpenAIToolCalls([
      {
        id: 'c1',
        type: 'function',
        function: {
          name: 'records_save',
          arguments: '{"id":"r1","metadata":[{"key":"owner","value":"ana"},{"key":"team","value":"core"}]}',
        },
      },
    ]);
    expect(call?.arguments).toEqual({ id: 'r1', metadata: { owner: 'ana', team: 'core' } });
  });

  test('a tool opts in or out of strict mode with metadata.openai.strict', () => {
    const own = createTool({
      name: 'own_strict',
      description: 'x',
      input: z.object({ q: z.string().optional() }),
      metadata: { openai: { strict: true } },
      execute: () => 1,
    });
    const optOut = createTool({
      name: 'no_strict',
      description: 'x',
      input: { q: z.string() },
      metadata: { openai: { strict: false } },
      execute: () => 1,
    });
    expect(toOpenAITools([own, optOut]).map((tool) => tool.function.strict)).toEqual([true, false]);
    expect(toOpenAITools([own, optOut], { strict: true }).map((tool) => tool.function.strict)).toEqual([
      true,
      false,
    ]);
  });

  test('the lazy toolbox path: available tools only, options passed through', async () => {
    const hidden = createTool({
      name: 'hidden',
      description: 'Needs a feature flag',
      availability: (context) => context['beta'] === true,
      execute: () => 1,
    });
    const toolbox = createToolbox([getWeather, hidden], { context: { beta: false } });
    // What core's toolbox.toOpenAITools(options) does once the adapter is loaded.
    const tools = await toOpenAITools(await toolbox.getAvailable(), { strict: true });
    expect(tools.map((tool) => [tool.function.name, tool.function.strict])).toEqual([['get-weather', true]]);
    expect(toOpenAITools(toolbox).map((tool) => tool.function.name)).toEqual(['get-weather', 'hidden']);
  });

  test('repeated exports are served from the cache; a new tool is converted', () => {
    const toolbox = createToolbox([getWeather]);
    const first = toOpenAITools(toolbox, { strict: true });
    const again = toOpenAITools(toolbox, { strict: true });
    expect(again).toEqual(first);
    const parameters = first[0]?.function.parameters;
    expect(again[0]?.function.parameters === parameters).toBe(true);
    expect(Object.isFrozen(first[0]?.function.parameters)).toBe(true);
    toolbox.register(plot);
    const next = toOpenAITools(toolbox, { strict: true });
    expect(next.map((tool) => tool.function.name)).toEqual(['get-weather', 'plot_point']);
    expect(next[0]?.function.parameters === parameters).toBe(true);
  });

  test('bad inputs are refused with a clear error', () => {
    expect(() => toOpenAITools('tools' as never)).toThrow(
      /toOpenAITools\(\) expects a toolbox or an array of tools/,
    );
    expect(() => toOpenAITools([{ name: 'x' }] as never)).toThrow(/item 0 is not a tool/);
    const clash = [
      createTool({ name: 'a.b', description: '', execute: () => 1 }),
      createTool({ name: 'a:b', description: '', execute: () => 1 }),
    ];
    expect(() => toOpenAITools(clash)).toThrow(/would both be declared to OpenAI as "a_b"/);
  });
});
