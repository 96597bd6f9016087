import { describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '@armorer/adapter-shared';
import { createToolbox } from '@armorer/core';
import { callTool, errorReported, resultsIn, run, say, scriptedModel } from '../__fixtures__/scripted-model';
import { AI_SDK_VERSIONS, MODES } from '../__fixtures__/sdks';
import { makeTools } from '../__fixtures__/tools';
import { toAISDKTools } from '../tools/to-ai-sdk-tools';
import { createAISDKToolCallRepair } from './repair-tool-call';

for (const sdk of AI_SDK_VERSIONS) {
  for (const mode of MODES) {
    describe(`${sdk.name}, ${mode}Text: mistyped tool names`, () => {
      test('a call to the armorer name runs the tool; a typo gets did-you-mean and the model recovers', async () => {
        const { runs, tools } = makeTools();
        const toolbox = createToolbox(tools);
        const script = scriptedModel(sdk, [
          () => [
            callTool('a', 'weather.get', { city: 'Oslo' }),
            callTool('b', 'wether_get', { city: 'Bergen' }),
          ],
          () => [callTool('c', 'weather_get', { city: 'Bergen' })],
          () => [say('Both at 21.')],
        ]);
        const result = await run(sdk, mode, {
          model: script.model,
          tools: toAISDKTools(toolbox),
          experimental_repairToolCall: createAISDKToolCallRepair(toolbox),
          stopWhen: sdk.stepCountIs(5),
          prompt: 'Weather in Oslo and Bergen.',
        });
        expect(result.text).toBe('Both at 21.');
        const first = resultsIn(script.prompts[1] ?? []);
        expect(first['a']).toEqual({ type: 'json', value: { city: 'Oslo', units: 'c', temp: 21 } });
        const typo = errorReported(first['b']);
        expect(typo).toContain('Unknown tool "wether_get". Did you mean "weather_get"?');
        expect(resultsIn(script.prompts[2] ?? [])['c']).toMatchObject({ type: 'json' });
        expect(runs.weather).toBe(2);
      });
    });
  }
}

describe('createAISDKToolCallRepair', () => {
  const { tools } = makeTools();
  const toolbox = createToolbox(tools);
  const repair = createAISDKToolCallRepair(toolbox);
  const set = toAISDKTools(toolbox);
  const noSuchTool = { name: 'AI_NoSuchToolError' };

  test('leaves calls with unreadable input and other errors to the AI SDK', async () => {
    const call = { type: 'tool-call', toolCallId: 'x', toolName: 'add-numbers', input: '{' };
    expect(
      await repair({ toolCall: call, tools: set, error: { name: 'AI_InvalidToolInputError' } }),
    ).toBeNull();
    expect(await repair({ toolCall: call, tools: set, error: undefined })).toBeNull();
  });

  test('a name with no close tool gets no suggestion', async () => {
    const call = { type: 'tool-call', toolCallId: 'x', toolName: 'launch-rockets', input: '{}' };
    const failure = await repair({ toolCall: call, tools: set, error: noSuchTool }).catch(
      (error: unknown) => error,
    );
    expect(String((failure as Error).message)).toBe(
      'Unknown tool "launch-rockets". Call one of the available tools.',
    );
  });

  test('an armorer name whose tool is not in the generation tool set is not rerouted', async () => {
    const call = { type: 'tool-call', toolCallId: 'x', toolName: 'weather.get', input: '{}' };
    const failure = await repair({ toolCall: call, tools: {}, error: noSuchTool }).catch(
      (error: unknown) => error,
    );
    expect(String((failure as Error).message)).toContain('Unknown tool "weather.get"');
  });

  test('only a toolbox is accepted', () => {
    expect(() => createAISDKToolCallRepair([])).toThrow(ProviderAdapterError);
  });
});
