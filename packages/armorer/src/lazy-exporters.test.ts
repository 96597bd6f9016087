import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from 'armorer';
import { toOpenAITools } from 'armorer/adapters/openai';
import { z } from 'zod';

// Core loads the adapters with a dynamic import on first use; these tests run that path for real
// against the workspace packages (core declares them as optional peers, so isolated installs link them).
const weather = createTool({
  name: 'get-weather',
  description: 'Current weather for a city',
  input: z.object({ city: z.string() }),
  async execute({ city }) {
    return { city, temp: 21 };
  },
});
const localOnly = createTool({
  name: 'search-files',
  description: 'Search local files with ripgrep',
  input: z.object({ query: z.string() }),
  availability: (context) => context['ripgrepAvailable'] === true,
  async execute() {
    return [];
  },
});

describe('lazy provider exporters on the toolbox', () => {
  test('toOpenAITools, toAnthropicTools, toGeminiTools and toProvider omit unavailable tools', async () => {
    const toolbox = createToolbox([weather, localOnly], { context: { ripgrepAvailable: false } });
    const openai = (await toolbox.toOpenAITools()) as { function: { name: string } }[];
    expect(openai.map((tool) => tool.function.name)).toEqual(['get-weather']);
    expect(openai).toEqual(toOpenAITools([weather]) as never);
    const anthropic = (await toolbox.toAnthropicTools()) as { name: string }[];
    expect(anthropic.map((tool) => tool.name)).toEqual(['get-weather']);
    const gemini = await toolbox.toGeminiTools();
    expect(JSON.stringify(gemini)).toContain('get-weather');
    expect(JSON.stringify(gemini)).not.toContain('search-files');
    expect(await toolbox.toProvider('openai')).toEqual(openai);
    const withRg = createToolbox([weather, localOnly], { context: { ripgrepAvailable: true } });
    expect(await withRg.toOpenAITools()).toHaveLength(2);
  });

  test('createToolbox.fromOpenAITools imports declarations with implementations from getTool', async () => {
    const declarations = await createToolbox([weather]).toOpenAITools();
    const imported = await createToolbox.fromOpenAITools(declarations, {
      getTool: (configuration) => async (params) => `${configuration.name}:${String(params['city'])}`,
    });
    expect((await imported.execute({ name: 'get-weather', arguments: '{"city":"Denver"}' })).result).toBe(
      'get-weather:Denver',
    );
    const invalid = await imported.execute({ name: 'get-weather', arguments: '{"city":5}' });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    const anthropic = await createToolbox.fromAnthropicTools(
      await createToolbox([weather]).toAnthropicTools(),
      {
        getTool: () => async () => 'ok',
      },
    );
    expect(anthropic.names()).toEqual(['get-weather']);
    const gemini = await createToolbox.fromGeminiTools(await createToolbox([weather]).toGeminiTools(), {
      getTool: () => async () => 'ok',
    });
    expect(gemini.names()).toEqual(['get-weather']);
  });
});
