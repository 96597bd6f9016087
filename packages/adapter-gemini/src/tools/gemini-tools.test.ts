import { describe, expect, test } from 'bun:test';
import { getWeather, hidden, plot, saveRecord } from '@armorer/adapter-fixtures/tools';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { geminiDeclarationProblems } from '../__fixtures__/gemini-rules';
import { fromGeminiTools } from './from-gemini-tools';
import { toGeminiTools } from './to-gemini-tools';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const category = z.object({
  name: z.string(),
  get subcategories() {
    return z.array(category).optional();
  },
});
const tree = createTool({
  name: 'tree.walk',
  description: 'Walk a tree',
  input: { root: category },
  execute: () => 1,
});

describe('toGeminiTools', () => {
  test('auto: the OpenAPI parameters when they say as much, the JSON Schema field when it says more', () => {
    const warnings: ConversionWarning[] = [];
    const declarations = toGeminiTools([getWeather, saveRecord, plot], {
      onWarnings: (found) => warnings.push(...found),
    });
    expect(
      declarations.map((item) => [item.name, 'parameters' in item ? 'parameters' : 'parametersJsonSchema']),
    ).toEqual([
      ['get-weather', 'parameters'],
      ['records.save', 'parametersJsonSchema'],
      ['plot_point', 'parametersJsonSchema'],
    ]);
    expect(declarations[0]?.parameters).toMatchObject({
      type: 'OBJECT',
      properties: {
        city: { type: 'STRING', minLength: '1' },
        units: { type: 'STRING', enum: ['celsius', 'fahrenheit'], format: 'enum' },
      },
      required: ['city'],
    });
    expect(declarations[1]?.parametersJsonSchema).toMatchObject({
      type: 'object',
      properties: { metadata: { type: 'object', additionalProperties: { type: 'string' } } },
    });
    // The chosen fields say everything: the JSON Schema field holds the map and the tuple.
    expect(warnings).toEqual([]);
    expect(declarations.flatMap(geminiDeclarationProblems)).toEqual([]);
  });

  test('schemaField forces one field; unknown values fall back to auto', () => {
    const parameters = toGeminiTools([saveRecord], { schemaField: 'parameters' });
    expect(parameters[0]?.parameters).toBeDefined();
    const json = toGeminiTools([getWeather], { schemaField: 'parametersJsonSchema' });
    expect(json[0]?.parametersJsonSchema).toMatchObject({ type: 'object', required: ['city'] });
    expect(toGeminiTools([getWeather], { schemaField: 'yaml' as never })).toEqual(
      toGeminiTools([getWeather]),
    );
    expect([...parameters, ...json].flatMap(geminiDeclarationProblems)).toEqual([]);
  });

  test('recursive schemas go to the JSON Schema field', () => {
    const [declaration] = toGeminiTools([tree]);
    expect(declaration?.parametersJsonSchema).toBeDefined();
    expect(geminiDeclarationProblems(declaration)).toEqual([]);
  });

  test('cache, availability through the lazy path, and bad inputs', async () => {
    const toolbox = createToolbox([getWeather, hidden]);
    const first = toGeminiTools(toolbox);
    const again = toGeminiTools(toolbox);
    expect(again).toEqual(first);
    expect(again[0]?.parameters?.['properties']).toBe(first[0]?.parameters?.['properties']);
    expect((await toGeminiTools(await toolbox.getAvailable())).map((item) => item.name)).toEqual([
      'get-weather',
    ]);
    expect(() => toGeminiTools(null as never)).toThrow(
      /toGeminiTools\(\) expects a toolbox or an array of tools/,
    );
  });
});

describe('fromGeminiTools', () => {
  test('reads parameters (OpenAPI) and parametersJsonSchema, also inside Tool objects', async () => {
    const toolbox = fromGeminiTools(
      [
        {
          functionDeclarations: [
            {
              name: 'set_light',
              description: 'Set the light',
              parameters: {
                type: 'OBJECT',
                properties: {
                  brightness: { type: 'INTEGER', minimum: 0, maximum: 100 },
                  color: { type: 'STRING', format: 'enum', enum: ['warm', 'cold'], nullable: true },
                  room: { type: 'INTEGER', format: 'enum', enum: ['101', '201'] },
                },
                required: ['brightness', 'room'],
              },
            },
          ],
        },
        {
          name: 'get_time',
          parametersJsonSchema: { type: 'object', properties: { zone: { type: 'string' } } },
        },
        { name: 'ping' },
      ],
      { getTool: () => (params) => params },
    );
    expect(toolbox.names()).toEqual(['set_light', 'get_time', 'ping']);
    const ok = await toolbox.execute({
      name: 'set_light',
      arguments: { brightness: 40, color: null, room: 201 },
    });
    expect(ok.result).toEqual({ brightness: 40, color: null, room: 201 });
    for (const args of [
      { brightness: 140, room: 101 },
      { brightness: 40, room: 102 },
      { brightness: 40, room: '101' },
    ]) {
      expect((await toolbox.execute({ name: 'set_light', arguments: args })).error?.code).toBe(
        'INVALID_ARGUMENTS',
      );
    }
  });

  test('export -> import -> export is a fixed point for both fields', () => {
    for (const schemaField of ['auto', 'parameters', 'parametersJsonSchema'] as const) {
      const first = toGeminiTools([getWeather, saveRecord, plot, tree], { schemaField });
      const again = toGeminiTools(fromGeminiTools(plain(first) as unknown[]), { schemaField });
      expect(plain(again)).toEqual(plain(first));
    }
  });

  test('refuses unreadable declarations', () => {
    const fromGemini = (declarations: unknown[]) =>
      fromGeminiTools(declarations, { invalidDeclarations: 'throw' });
    expect(() =>
      fromGemini([{ name: 'x', parameters: { type: 'OBJECT' }, parametersJsonSchema: { type: 'object' } }]),
    ).toThrow(/sets both "parameters" and "parametersJsonSchema"/);
    expect(() => fromGemini([{ parameters: {} }])).toThrow(/has no "name"/);
    expect(() => fromGemini([{ functionDeclarations: [3] }])).toThrow(/is not an object/);
    expect(() =>
      fromGemini([{ name: 'x', parameters: { type: 'OBJECT', properties: { a: { type: 'DECIMAL' } } } }]),
    ).toThrow(/unknown type "DECIMAL"/);
  });
});
