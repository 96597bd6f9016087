import { describe, expect, test } from 'bun:test';
import { getWeather } from '@armorer/adapter-fixtures/tools';
import { NAME_RULES } from '@armorer/adapter-shared';
import { createTool, createToolbox, createToolError, type ToolResult } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { parseGeminiToolCalls } from './calls/parse-gemini-tool-calls';
import { formatGeminiToolResults } from './results/format-gemini-tool-results';

const echo = createTool({
  name: 'echo',
  description: 'echo',
  input: z.object({}).passthrough(),
  execute: async (args) => args,
});

describe('red team: Gemini inbound and outbound', () => {
  test('hostile responses and parts never throw', () => {
    const inputs: unknown[] = [
      { candidates: [] },
      { candidates: [null] },
      { candidates: [{ content: null }] },
      { candidates: [{ content: { parts: 'x' } }] },
      { parts: null },
      [null, 1, 'x', { functionCall: null }, { functionCall: 'x' }, { text: 'hi' }],
      [{ functionCall: { name: 5, args: 'str', id: 7 } }, { functionCall: { args: [1] } }],
    ];
    for (const input of inputs) expect(() => parseGeminiToolCalls(input as never)).not.toThrow();
  });

  test('arbitrary parts: every parsed call is executed and formatted into a well-formed response', async () => {
    const toolbox = createToolbox([getWeather, echo]);
    const part = fc.oneof(
      fc.anything(),
      fc.record({
        functionCall: fc.record(
          {
            id: fc.oneof(fc.string(), fc.anything()),
            name: fc.oneof(
              fc.constantFrom('get-weather', 'echo', '', '__proto__', 'toString'),
              fc.anything(),
            ),
            args: fc.oneof(fc.object(), fc.anything()),
          },
          { requiredKeys: [] },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 4 }), async (parts) => {
        const calls = parseGeminiToolCalls(parts as never);
        const results = await toolbox.execute(calls);
        expect(results).toHaveLength(calls.length);
        for (const formatted of formatGeminiToolResults(results)) {
          expect(NAME_RULES.gemini.valid.test(formatted.functionResponse.name)).toBe(true);
          expect(() => JSON.stringify(formatted)).not.toThrow();
        }
      }),
      { numRuns: 150 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('responses of any shape are JSON data (an object response), errors without stack traces', () => {
    const cycle: Record<string, unknown> = { n: 2n };
    cycle['self'] = cycle;
    const values: unknown[] = [undefined, 1n, cycle, new Map([[1, 2n]]), new Error('inner'), () => 1];
    const results: ToolResult[] = values.map(
      (result, index) =>
        ({
          callId: `r${index}`,
          toolCallId: `r${index}`,
          toolName: 'a b',
          outcome: 'success',
          result,
        }) as ToolResult,
    );
    results.push({
      callId: 'e',
      toolCallId: 'e',
      toolName: 't',
      outcome: 'error',
      error: createToolError('EXECUTION_FAILED', 'broke', { details: { cycle } as never }),
    } as ToolResult);
    for (const { functionResponse } of formatGeminiToolResults(results)) {
      expect(typeof functionResponse.response).toBe('object');
      const text = JSON.stringify(functionResponse);
      expect(JSON.parse(text)).toEqual(functionResponse);
      expect(text).not.toContain('    at ');
    }
  });
});
