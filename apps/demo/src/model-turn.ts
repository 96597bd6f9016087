import type { ToolCall } from '@armorer/core';

/** A tool call as OpenAI's Chat Completions API returns it: arguments are a JSON string. */
export interface OpenAIToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

/** What the scripted "model" answers in its turn: good calls and the mistakes real models make. */
export const MODEL_TOOL_CALLS: readonly OpenAIToolCall[] = [
  call('call_convert', 'convert-units', { value: 26.2, from: 'mi', to: 'km' }),
  call('call_stats', 'text-stats', {
    text: 'Armorer validates every call. Failures come back as values! Nothing throws.',
  }),
  call('call_add_1', 'add-todo', { title: 'Buy oat milk', due: '2030-01-15' }),
  call('call_add_2', 'add-todo', { title: 'Email Grace about the launch' }),
  call('call_complete', 'complete-todo', { id: 1 }),
  call('call_list', 'list-todos', {}),
  call('call_stream', 'stream-words', { text: 'tools stream their output too' }),
  // A wrong type and a unit that does not exist.
  call('call_bad_args', 'convert-units', { value: 'ten', from: 'mi', to: 'parsec' }),
  // Truncated JSON, as a model cut off by max_tokens sends it.
  {
    id: 'call_malformed',
    type: 'function',
    function: { name: 'text-stats', arguments: '{"text": "unterminated' },
  },
  // A near miss of "convert-units".
  call('call_typo', 'convert_unit', { value: 100, from: 'C', to: 'F' }),
  // Denied by the registry policy.
  call('call_secret', 'add-todo', { title: 'Remember the prod password hunter2' }),
];

function call(id: string, name: string, args: Record<string, unknown>): OpenAIToolCall {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}

/** Maps provider tool calls onto armorer's interoperability contract (arguments stay JSON strings). */
export function fromOpenAIToolCalls(calls: readonly OpenAIToolCall[]): ToolCall[] {
  return calls.map((item) => ({ id: item.id, name: item.function.name, arguments: item.function.arguments }));
}
