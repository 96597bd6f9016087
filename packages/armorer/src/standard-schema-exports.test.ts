import { describe, expect, test } from 'bun:test';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { type } from 'arktype';
import { createTool, createToolbox, toolInputJsonSchema } from 'armorer';
import { toAnthropicTools } from 'armorer/adapters/anthropic';
import { toGeminiTools } from 'armorer/adapters/gemini';
import { parseOpenAIToolCalls, toOpenAITools } from 'armorer/adapters/openai';
import { toMcpTools } from 'armorer/mcp';
import { toOpenAPI } from 'armorer/openapi';
import * as v from 'valibot';
import { z } from 'zod';

// Valibot and ArkType tools, end to end: executed through the pipeline, and declared to every provider
// from the JSON Schema core holds for them (the same lookup Zod tools go through).
const valibotInput = toStandardJsonSchema(
  v.object({
    city: v.pipe(v.string(), v.minLength(1), v.description('The city')),
    days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 3),
  }),
);
const forecastValibot = createTool({
  name: 'forecast-valibot',
  description: 'Forecast for a city',
  input: valibotInput,
  execute: ({ city, days }) => ({ city, days }),
});
const forecastArk = createTool({
  name: 'forecast-ark',
  description: 'Forecast for a city',
  input: type({ city: 'string > 0', 'days?': 'number.integer >= 1' }),
  output: type({ city: 'string', 'days?': 'number' }),
  execute: ({ city, days }) => (days === undefined ? { city } : { city, days }),
});
const tools = [forecastValibot, forecastArk];
const ajv = new Ajv2020({ strict: false });

function propertiesOf(schema: unknown): Record<string, unknown> {
  return (schema as { properties: Record<string, unknown> }).properties;
}

describe('Valibot and ArkType tools', () => {
  test('run through toolbox.execute: validated, defaults applied, errors as results', async () => {
    const toolbox = createToolbox(tools);
    expect(
      (await toolbox.execute({ name: 'forecast-valibot', arguments: '{"city":"Oslo"}' })).result,
    ).toEqual({
      city: 'Oslo',
      days: 3,
    });
    expect(
      (await toolbox.execute({ name: 'forecast-ark', arguments: { city: 'Rome', days: 2 } })).result,
    ).toEqual({
      city: 'Rome',
      days: 2,
    });
    for (const name of ['forecast-valibot', 'forecast-ark']) {
      const bad = await toolbox.execute({ name, arguments: { city: '', days: 0 } });
      expect(bad.error?.code).toBe('INVALID_ARGUMENTS');
    }
  });

  test('export to OpenAI, Anthropic, Gemini and MCP from the one JSON Schema core holds', async () => {
    const toolbox = createToolbox(tools);
    for (const tool of tools) {
      const json = toolInputJsonSchema(tool.configuration.schema);
      expect(json['type']).toBe('object');
      expect(Object.keys(propertiesOf(json))).toEqual(['city', 'days']);
    }
    const openai = toOpenAITools(tools);
    expect(openai.map((declaration) => declaration.function.name)).toEqual([
      'forecast-valibot',
      'forecast-ark',
    ]);
    for (const declaration of openai) {
      expect(Object.keys(propertiesOf(declaration.function.parameters))).toEqual(['city', 'days']);
      expect(ajv.validate(declaration.function.parameters, { city: 'Oslo', days: 2 })).toBe(true);
      expect(ajv.validate(declaration.function.parameters, { days: 2 })).toBe(false);
    }
    expect(await toolbox.toOpenAITools()).toEqual(openai as never);
    const anthropic = toAnthropicTools(tools);
    for (const declaration of anthropic) {
      expect(declaration.input_schema.type).toBe('object');
      expect(Object.keys(propertiesOf(declaration.input_schema))).toEqual(['city', 'days']);
    }
    const gemini = toGeminiTools(tools);
    for (const declaration of gemini) {
      expect(Object.keys(propertiesOf(declaration.parameters))).toEqual(['city', 'days']);
    }
    const mcp = toMcpTools(tools);
    for (const declaration of mcp) {
      expect(declaration.inputSchema.type).toBe('object');
      expect(Object.keys(propertiesOf(declaration.inputSchema))).toEqual(['city', 'days']);
    }
    // The ArkType output schema is the MCP output schema.
    expect(mcp[1]?.outputSchema).toMatchObject({ type: 'object', properties: { city: { type: 'string' } } });
    expect(mcp[0]?.outputSchema).toBeUndefined();
  });

  test('OpenAI strict mode: every property required, and the model’s nulls decode back to omitted', async () => {
    const toolbox = createToolbox(tools);
    const strict = toOpenAITools(tools, { strict: true });
    for (const declaration of strict) {
      expect(declaration.function.strict).toBe(true);
      expect((declaration.function.parameters as { required: string[] }).required).toEqual(['city', 'days']);
      expect(
        (declaration.function.parameters as { additionalProperties: boolean }).additionalProperties,
      ).toBe(false);
    }
    const calls = parseOpenAIToolCalls(
      [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'forecast-valibot', arguments: '{"city":"Oslo","days":null}' },
        },
        {
          id: 'c2',
          type: 'function',
          function: { name: 'forecast-ark', arguments: '{"city":"Rome","days":null}' },
        },
      ],
      { tools: toolbox },
    );
    const results = await toolbox.execute(calls);
    expect(results.map((result) => result.result)).toEqual([{ city: 'Oslo', days: 3 }, { city: 'Rome' }]);
  });

  test('outputs reach OpenAPI responses', () => {
    const total = createTool({
      name: 'total',
      description: 'Totals',
      input: { items: z.array(z.number()) },
      output: z.object({ sum: z.number() }),
      execute: ({ items }) => ({ sum: items.reduce((a, b) => a + b, 0) }),
    });
    const document = toOpenAPI(createToolbox([total, forecastArk]), { info: { title: 't', version: '1' } });
    type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const schemaOf = (path: string) =>
      paths[path]?.['post']?.responses['200']?.content?.['application/json']?.schema;
    expect(schemaOf('/total')).toMatchObject({
      type: 'object',
      properties: { sum: { type: 'number' } },
      required: ['sum'],
    });
    expect(schemaOf('/forecast-ark')).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
    });
  });
});
