import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { createTool } from '../tool/public';
import { registerProviderAdapter } from './adapter-registry';
import { AdapterLoadError } from './provider-exporters';
import { createToolbox } from './public';

const echo = createTool({
  name: 'echo',
  description: 'Echo a text',
  input: z.object({ text: z.string() }),
  execute: async ({ text }) => text,
});

describe('registerProviderAdapter', () => {
  test('the lazy exporters and importers use a registered adapter instead of loading the package', async () => {
    const seen: unknown[][] = [];
    const unregister = registerProviderAdapter('gemini', {
      toGeminiTools: (tools: readonly { name: string }[], options: unknown) => {
        seen.push([tools.map((tool) => tool.name), options]);
        return [{ name: 'from-registered-adapter' }];
      },
      fromGeminiTools: (declarations: readonly unknown[]) =>
        createToolbox([echo], { context: { declarations } }),
    });
    const toolbox = createToolbox([echo]);
    expect(await toolbox.toGeminiTools({ flavour: 'test' })).toEqual([{ name: 'from-registered-adapter' }]);
    expect(await toolbox.toProvider('gemini')).toEqual([{ name: 'from-registered-adapter' }]);
    expect(seen).toEqual([
      [['echo'], { flavour: 'test' }],
      [['echo'], undefined],
    ]);
    const imported = await createToolbox.fromGeminiTools([{ name: 'x' }]);
    expect(imported.names()).toEqual(['echo']);
    expect(imported.context).toEqual({ declarations: [{ name: 'x' }] });
    unregister();
    // Unregistered: the package is loaded by name again, so the registered exporter is no longer called.
    await toolbox.toGeminiTools().catch(() => undefined);
    expect(seen).toHaveLength(2);
  });

  test('a registered module without the exporter fails as an invalid adapter', async () => {
    const unregister = registerProviderAdapter('anthropic', {});
    const error = await createToolbox([echo])
      .toAnthropicTools()
      .catch((thrown: unknown) => thrown);
    unregister();
    expect(AdapterLoadError.isInstance(error)).toBe(true);
    expect((error as AdapterLoadError).code).toBe('ADAPTER_INVALID');
    expect((error as AdapterLoadError).message).toContain('toAnthropicTools');
  });

  test('unregistering restores the previous registration, once', () => {
    const first = { toOpenAITools: () => ['first'] };
    const second = { toOpenAITools: () => ['second'] };
    const unregisterFirst = registerProviderAdapter('openai', first);
    const unregisterSecond = registerProviderAdapter('openai', second);
    unregisterSecond();
    unregisterSecond();
    return createToolbox([echo])
      .toOpenAITools()
      .then((declarations) => {
        expect(declarations).toEqual(['first'] as never);
        unregisterFirst();
      });
  });

  test('bad registrations are refused', () => {
    expect(() => registerProviderAdapter('cohere' as never, {})).toThrow(/Unknown provider/);
    expect(() => registerProviderAdapter('openai', null as never)).toThrow(TypeError);
    expect(() => registerProviderAdapter('openai', 'module' as never)).toThrow(TypeError);
  });
});
