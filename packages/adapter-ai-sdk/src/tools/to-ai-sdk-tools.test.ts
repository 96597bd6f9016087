import { describe, expect, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import { callTool, resultsIn, run, say, scriptedModel } from '../__fixtures__/scripted-model';
import { AI_SDK_VERSIONS, MODES } from '../__fixtures__/sdks';
import { makeTools } from '../__fixtures__/tools';
import { toAISDKTools } from './to-ai-sdk-tools';

for (const sdk of AI_SDK_VERSIONS) {
  for (const mode of MODES) {
    describe(`${sdk.name}, ${mode}Text: a multi-step loop through the toolbox`, () => {
      test('calls run through toolbox.execute; results and errors go back to the model; the loop ends', async () => {
        const { runs, tools } = makeTools();
        const toolbox = createToolbox(tools);
        const script = scriptedModel(sdk, [
          () => [
            callTool('c1', 'add-numbers', { a: 2, b: 3 }),
            callTool('c2', 'weather_get', { city: 'Oslo' }),
            callTool('c3', 'boom', {}),
            callTool('c4', 'add-numbers', { a: 'two', b: 3 }),
          ],
          () => [callTool('c5', 'add-numbers', { a: 5, b: 21 })],
          () => [say('5 and 26; Oslo is at 21.')],
        ]);
        const result = await run(sdk, mode, {
          model: script.model,
          tools: toAISDKTools(toolbox),
          stopWhen: sdk.stepCountIs(5),
          prompt: 'Add, weather, boom.',
        });
        expect(result.text).toBe('5 and 26; Oslo is at 21.');
        expect(result.steps).toHaveLength(3);
        expect(script.remaining()).toBe(0);
        const second = resultsIn(script.prompts[1] ?? []);
        expect(second['c1']).toEqual({ type: 'json', value: 5 });
        expect(second['c2']).toEqual({ type: 'json', value: { city: 'Oslo', units: 'c', temp: 21 } });
        expect(second['c3']?.type).toBe('error-text');
        expect(String(second['c3']?.value)).toContain('the backend exploded');
        expect(second['c4']?.type).toBe('error-text');
        expect(String(second['c4']?.value)).toContain('Invalid arguments for tool "add-numbers"');
        expect(resultsIn(script.prompts[2] ?? [])['c5']).toEqual({ type: 'json', value: 26 });
        expect(runs).toEqual({ add: 2, weather: 1, pay: 0, boom: 1 });
      });
    });
  }
}
