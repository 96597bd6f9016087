import { type LoopbackApi, startLoopbackApi } from './loopback-api';

/** A message of a Chat Completions request, as far as the stub reads it. */
interface RequestMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly tool_call_id?: string;
  readonly tool_calls?: readonly { readonly id: string }[];
}

/** A loopback stand-in for the OpenAI Chat Completions API that plays a scripted model. */
export type OpenAIStub = LoopbackApi;

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

/** The scripted turns: what the "model" calls, in OpenAI's documented tool-call format. */
const TURNS = [
  [
    call('call_convert', 'convert-units', '{"value":10,"from":"km","to":"mi"}'),
    call('call_add', 'add-todo', '{"title":"Book the train to Bergen","due":null}'),
    call('call_stream', 'stream-words', '{"text":"tools talk back","delayMs":null}'),
    call('call_cut', 'text-stats', '{"text":"a reply cut off by max_tok'),
  ],
  [call('call_list', 'list-todos', '{}')],
];

function completion(message: Record<string, unknown>, finish: string) {
  return {
    id: 'chatcmpl-demo',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'scripted-demo-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, refusal: null, ...message },
        finish_reason: finish,
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** Refuses a request the real API would refuse: a tool call without its tool message. */
function checkToolMessages(messages: readonly RequestMessage[]): void {
  const answered = new Set(
    messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id),
  );
  for (const message of messages) {
    for (const toolCall of message.tool_calls ?? []) {
      if (!answered.has(toolCall.id)) throw new Error(`tool_call_id ${toolCall.id} has no tool message`);
    }
  }
}

/** The final answer, written from the tool messages the loop sent back. */
function finalAnswer(messages: readonly RequestMessage[]): string {
  const tool = (id: string) => messages.find((message) => message.tool_call_id === id)?.content;
  const converted = JSON.parse(String(tool('call_convert'))) as { value: number; unit: string };
  const todos = JSON.parse(String(tool('call_list'))) as { title: string }[];
  return `10 km is ${converted.value} ${converted.unit}. Your todos: ${todos.map((todo) => todo.title).join('; ')}.`;
}

function reply(body: Record<string, unknown>): unknown {
  const messages = (body['messages'] ?? []) as RequestMessage[];
  checkToolMessages(messages);
  const turn = messages.filter((message) => message.role === 'assistant').length;
  const calls = TURNS[turn];
  return calls === undefined
    ? completion({ content: finalAnswer(messages) }, 'stop')
    : completion({ tool_calls: calls }, 'tool_calls');
}

/** Starts the scripted model on 127.0.0.1 at a random port. */
export function startOpenAIStub(): Promise<OpenAIStub> {
  return startLoopbackApi('/v1/chat/completions', reply);
}
