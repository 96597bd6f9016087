import { describe, expect, test } from 'bun:test';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { createToolbox, type ToolCall } from '@armorer/core';
import fc from 'fast-check';
import { formatOpenAIResponseToolResults } from './format-openai-response-tool-results';
import { parseOpenAIResponseToolCalls } from './parse-openai-response-tool-calls';

const CODES = ['INVALID_ARGUMENTS', 'MALFORMED_ARGUMENTS', 'TOOL_NOT_FOUND', 'INVALID_TOOL_CALL'];

/** Output items a hostile or broken server could send, function calls with fields of any type among them. */
const hostileCall = fc.record(
  {
    type: fc.constant('function_call'),
    call_id: fc.oneof(fc.string(), fc.jsonValue(), fc.constant('__proto__')),
    name: fc.oneof(
      fc.constantFrom('get-weather', 'records_save', '__proto__', 'constructor'),
      fc.jsonValue(),
    ),
    arguments: fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.jsonValue(),
    ),
    id: fc.oneof(fc.string(), fc.jsonValue()),
  },
  { requiredKeys: ['type'] },
);
const item = fc.oneof(hostileCall, fc.jsonValue(), fc.record({ type: fc.string(), item: hostileCall }));
const event = fc.oneof(
  fc.record({
    type: fc.constantFrom(
      'response.output_item.added',
      'response.output_item.done',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.completed',
    ),
    item: hostileCall,
    item_id: fc.oneof(fc.string(), fc.jsonValue()),
    delta: fc.oneof(fc.string(), fc.jsonValue()),
    arguments: fc.oneof(fc.string(), fc.jsonValue()),
    output_index: fc.oneof(fc.nat(), fc.jsonValue()),
    response: fc.oneof(fc.record({ output: fc.array(item, { maxLength: 3 }) }), fc.jsonValue()),
  }),
  item,
);

describe('hostile Responses items and events', () => {
  const toolbox = createToolbox([getWeather, saveRecord]);

  test('any items or events parse without throwing, and every call ends in a result or a structured error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.array(item, { maxLength: 5 }), fc.array(event, { maxLength: 8 })),
        async (input) => {
          const calls: ToolCall[] = parseOpenAIResponseToolCalls(input);
          const results = await toolbox.execute(calls);
          expect(results).toHaveLength(calls.length);
          for (const result of results) {
            if (result.outcome === 'success') continue;
            expect(CODES).toContain(result.error?.code ?? '');
          }
          // Every output item is JSON text for the call the model made (an id armorer made when it sent none).
          const outputs = formatOpenAIResponseToolResults(results);
          for (const output of outputs) {
            expect(typeof output.call_id).toBe('string');
            expect(typeof output.output).toBe('string');
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  test('a "__proto__" key in the arguments stays data', () => {
    const [call] = parseOpenAIResponseToolCalls([
      {
        type: 'function_call',
        call_id: 'p',
        name: 'get-weather',
        arguments: '{"__proto__":{"polluted":true},"city":"x"}',
      },
    ]);
    const args = call?.arguments as Record<string, unknown>;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
