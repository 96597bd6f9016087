import { describe, expect, test } from 'bun:test';
import { runResponsesLoop } from './responses-loop';

describe('runResponsesLoop (official OpenAI client, responses.create, loopback stub)', () => {
  test('runs declare -> parallel function calls -> execute -> function_call_output until the model answers', async () => {
    const lines: string[] = [];
    const summary = await runResponsesLoop({ print: (line) => lines.push(line), apiKey: undefined });
    expect(summary.provider).toBe('stub');
    expect(summary.turns).toBe(3);
    expect(summary.results.map((result) => [result.callId, result.outcome, result.error?.code])).toEqual([
      ['call_convert', 'success', undefined],
      ['call_add', 'success', undefined],
      ['call_stream', 'success', undefined],
      ['call_cut', 'error', 'MALFORMED_ARGUMENTS'],
      ['call_list', 'success', undefined],
    ]);
    expect(summary.answer).toBe('10 km is 6.214 mi. Your todos: Book the train to Bergen.');
    expect(lines[0]).toContain('responses loop: scripted model at http://127.0.0.1:');
  });

  test('the requests carry Responses declarations, then one function_call_output per call', async () => {
    const { requests } = await runResponsesLoop({ apiKey: undefined });
    const tools = requests[0]?.['tools'] as { type: string; name: string; strict: boolean }[];
    expect(tools.map((tool) => tool.name)).toContain('convert-units');
    expect(tools.every((tool) => tool.type === 'function' && tool.strict)).toBe(true);
    expect(requests[1]?.['previous_response_id']).toBe('resp_demo_0');
    const outputs = requests[1]?.['input'] as { type: string; call_id: string; output: string }[];
    expect(outputs.map((item) => [item.type, item.call_id])).toEqual([
      ['function_call_output', 'call_convert'],
      ['function_call_output', 'call_add'],
      ['function_call_output', 'call_stream'],
      ['function_call_output', 'call_cut'],
    ]);
    expect(outputs[2]?.output).toBe('["tools","talk","back"]');
    expect(outputs[3]?.output).toContain('MALFORMED_ARGUMENTS');
  });
});
