import { describe, expect, test } from 'bun:test';
import { getWeather, hidden, plot, saveRecord } from '@armorer/adapter-fixtures/tools';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { WarningCollector } from '@armorer/adapter-shared';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { anthropicToolProblems } from '../__fixtures__/anthropic-rules';
import { toInputSchema } from '../schema/input-schema';
import { fromAnthropicTools } from './from-anthropic-tools';
import { toAnthropicTools } from './to-anthropic-tools';

describe('toAnthropicTools', () => {
  test('declares the full JSON Schema under a provider-safe name', () => {
    const warnings: ConversionWarning[] = [];
    const tools = toAnthropicTools([getWeather, saveRecord, plot], {
      onWarnings: (found) => warnings.push(...found),
    });
    expect(tools.map((tool) => tool.name)).toEqual(['get-weather', 'records_save', 'plot_point']);
    expect(tools[0]?.description).toBe('Current weather for a city');
    expect(tools[0]?.input_schema).toMatchObject({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
    });
    expect(tools[0]?.input_schema['$schema']).toBeUndefined();
    expect(tools[2]?.input_schema['properties']).toMatchObject({
      point: { prefixItems: [{ type: 'number' }, { type: 'number' }] },
    });
    expect(warnings.map((warning) => [warning.tool, warning.code])).toEqual([
      ['records.save', 'NAME_CHANGED'],
    ]);
    expect(tools.flatMap(anthropicToolProblems)).toEqual([]);
  });

  test('top-level anyOf/oneOf/allOf are left out and reported; the rest is kept', () => {
    const collector = new WarningCollector('anthropic', 'either');
    const schema = toInputSchema(
      {
        properties: { a: { oneOf: [{ type: 'string' }, { type: 'null' }] } },
        anyOf: [{ required: ['a'] }],
        not: { required: ['b'] },
      },
      collector,
    );
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { oneOf: [{ type: 'string' }, { type: 'null' }] } },
      not: { required: ['b'] },
    });
    expect(collector.warnings.map((warning) => [warning.keyword, warning.path])).toEqual([['anyOf', '']]);
  });

  test('serves repeats from the cache and exports only available tools through the lazy path', async () => {
    const toolbox = createToolbox([getWeather, hidden]);
    const first = toAnthropicTools(toolbox);
    const again = toAnthropicTools(toolbox);
    expect(again).toEqual(first);
    expect(again[0]?.input_schema['properties']).toBe(first[0]?.input_schema['properties']);
    expect((await toAnthropicTools(await toolbox.getAvailable())).map((tool) => tool.name)).toEqual([
      'get-weather',
    ]);
    expect(() => toAnthropicTools(42 as never)).toThrow(
      /toAnthropicTools\(\) expects a toolbox or an array of tools/,
    );
  });
});

describe('fromAnthropicTools', () => {
  test('imports custom tools whose input is validated', async () => {
    const toolbox = fromAnthropicTools(
      [
        {
          name: 'get_stock_price',
          description: 'Price of a ticker',
          input_schema: {
            type: 'object',
            properties: { ticker: { type: 'string', pattern: '^[A-Z]+$' } },
            required: ['ticker'],
          },
        },
        { type: 'custom', name: 'noop', input_schema: { type: 'object' } },
      ],
      { getTool: () => (params) => ({ ticker: params['ticker'], price: 1 }) },
    );
    expect(toolbox.names()).toEqual(['get_stock_price', 'noop']);
    expect(
      (await toolbox.execute({ name: 'get_stock_price', arguments: { ticker: 'ACME' } })).result,
    ).toEqual({
      ticker: 'ACME',
      price: 1,
    });
    expect(
      (await toolbox.execute({ name: 'get_stock_price', arguments: { ticker: 'acme' } })).error?.code,
    ).toBe('INVALID_ARGUMENTS');
  });

  test('refuses server tools and unreadable declarations', () => {
    const fromAnthropic = (declarations: unknown[]) =>
      fromAnthropicTools(declarations, { invalidDeclarations: 'throw' });
    expect(() => fromAnthropic([{ type: 'web_search_20250305', name: 'web_search' }])).toThrow(
      /only custom tools/,
    );
    expect(() => fromAnthropic([{ name: 'x' }])).toThrow(/declaration 0 \("x"\) has no "input_schema"/);
    expect(() => fromAnthropic([{ input_schema: { type: 'object' } }])).toThrow(/has no "name"/);
    expect(() => fromAnthropic([{ name: 'x', input_schema: { type: 'string' } }])).toThrow(
      /must have type "object"/,
    );
    expect(() => fromAnthropicTools({} as never)).toThrow(/expects an array/);
  });

  test('export -> import -> export is a fixed point', () => {
    const first = toAnthropicTools([getWeather, saveRecord, plot]);
    const again = toAnthropicTools(fromAnthropicTools(JSON.parse(JSON.stringify(first)) as unknown[]));
    expect(JSON.parse(JSON.stringify(again))).toEqual(JSON.parse(JSON.stringify(first)));
  });

  test('a tool built with zod and imported back validates the same way', async () => {
    const tool = createTool({
      name: 'n',
      description: '',
      input: { n: z.number().int().positive() },
      execute: ({ n }) => n,
    });
    const imported = fromAnthropicTools(toAnthropicTools([tool]), { getTool: () => (params) => params['n'] });
    for (const value of [3, 0, 1.5, 'x']) {
      const original = await createToolbox([tool]).execute({ name: 'n', arguments: { n: value } });
      const copy = await imported.execute({ name: 'n', arguments: { n: value } });
      expect([copy.outcome, copy.error?.code]).toEqual([original.outcome, original.error?.code]);
    }
  });
});
