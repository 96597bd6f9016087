import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { toOpenAITools } from '../tools/to-openai-tools';
import { parseOpenAIToolCalls } from './parse-openai-tool-calls';

const make = (name: string) =>
  createTool({ name, description: name, input: z.object({}), execute: async () => name });
const call = (name: string) => ({ id: 'x', type: 'function', function: { name, arguments: '{}' } });

describe('red team: declared names map back exactly', () => {
  test('without tools, colliding exported names run the tool really named so, or none', async () => {
    const tools = [make('rt.alpha'), make('rt_alpha'), make('rt.béta'), make('rt.bäta')];
    const toolbox = createToolbox(tools);
    // One export refuses colliding names; exports of different toolboxes in one process do not.
    expect(() => toOpenAITools(toolbox)).toThrow(/DUPLICATE|both be declared/);
    for (const tool of tools) toOpenAITools([tool]);
    const run = async (name: string) => (await toolbox.execute(parseOpenAIToolCalls([call(name)])))[0];
    expect((await run('rt_alpha'))?.result).toBe('rt_alpha');
    expect((await run('rt_b_ta'))?.error?.code).toBe('TOOL_NOT_FOUND');
  });

  test('every exported tool is reached by its declared name, with tools given', async () => {
    const name = fc.stringMatching(/^[a-zA-Z0-9_.:é-]{1,80}$/);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), async (names) => {
        const tools = names.map(make);
        const toolbox = createToolbox(tools);
        // Declared one by one (one export refuses colliding names), then parsed against the toolbox.
        const declared = tools.map((tool) => toOpenAITools([tool])[0]?.function.name ?? '');
        const calls = parseOpenAIToolCalls(declared.map(call), { tools: toolbox });
        const results = await toolbox.execute(calls);
        for (const [index, result] of results.entries()) {
          const shared = declared.filter((entry) => entry === declared[index]).length > 1;
          // A declared name reaches its own tool; a shared one only the tool really named so, or none.
          if (!shared) expect(result.result).toBe(names[index]);
          else if (result.outcome === 'success') expect(result.result).toBe(declared[index]);
          else expect(result.error?.code).toBe('TOOL_NOT_FOUND');
        }
      }),
      { numRuns: 100 },
    );
  });
});
