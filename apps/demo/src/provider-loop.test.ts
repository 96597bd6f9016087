import { describe, expect, test } from 'bun:test';
import { runProviderLoop } from './provider-loop';

describe('runProviderLoop (official OpenAI client, loopback stub)', () => {
  test('runs declare -> call -> parse -> execute -> format until the model answers', async () => {
    const lines: string[] = [];
    const summary = await runProviderLoop({ print: (line) => lines.push(line), apiKey: undefined });
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
    expect(lines[0]).toContain('scripted model at http://127.0.0.1:');
  });

  test('the requests carry strict declarations, then one tool message per call', async () => {
    const { requests } = await runProviderLoop({ apiKey: undefined });
    const tools = requests[0]?.['tools'] as { function: { name: string; strict: boolean } }[];
    expect(tools.map((tool) => tool.function.name)).toContain('convert-units');
    expect(tools.every((tool) => tool.function.strict)).toBe(true);
    const second = requests[1]?.['messages'] as { role: string; tool_call_id?: string; content?: string }[];
    const toolMessages = second.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual([
      'call_convert',
      'call_add',
      'call_stream',
      'call_cut',
    ]);
    expect(toolMessages[2]?.content).toBe('["tools","talk","back"]');
    expect(toolMessages[3]?.content).toContain('MALFORMED_ARGUMENTS');
  });
});
