import { type LoopbackApi, startLoopbackApi } from './loopback-api';

/** An input item of a Responses request, as far as the stub reads it. */
interface InputItem {
  readonly type?: string;
  readonly call_id?: string;
  readonly output?: unknown;
}

/** A loopback stand-in for the OpenAI Responses API that plays a scripted model. */
export type ResponsesStub = LoopbackApi;

const call = (callId: string, name: string, args: string) => ({
  type: 'function_call',
  id: `fc_${callId}`,
  call_id: callId,
  name,
  arguments: args,
  status: 'completed',
});

/** The scripted turns: the function calls the "model" makes, in parallel, in the Responses format. */
const TURNS = [
  [
    call('call_convert', 'convert-units', '{"value":10,"from":"km","to":"mi"}'),
    call('call_add', 'add-todo', '{"title":"Book the train to Bergen","due":null}'),
    call('call_stream', 'stream-words', '{"text":"tools talk back","delayMs":null}'),
    call('call_cut', 'text-stats', '{"text":"a reply cut off by max_tok'),
  ],
  [call('call_list', 'list-todos', '{}')],
];

function response(id: string, output: readonly unknown[]) {
  return {
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model: 'scripted-demo-model',
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    error: null,
    incomplete_details: null,
    usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
  };
}

/** The calls of the conversation so far: those in `input`, plus those of the response it continues. */
function conversationCalls(body: Record<string, unknown>, issued: ReadonlyMap<string, readonly string[]>) {
  const input = (Array.isArray(body['input']) ? body['input'] : []) as InputItem[];
  const calls = input.filter((item) => item.type === 'function_call').map((item) => String(item.call_id));
  const previous = body['previous_response_id'];
  if (typeof previous === 'string') {
    const earlier = issued.get(previous);
    if (earlier === undefined) throw new Error(`Previous response with id '${previous}' not found.`);
    calls.push(...earlier);
  }
  return { input, calls };
}

/** Refuses a request the real API would refuse: a function call of the conversation without its output. */
function checkOutputs(input: readonly InputItem[], calls: readonly string[]): void {
  const answered = new Set(
    input.filter((item) => item.type === 'function_call_output').map((item) => item.call_id),
  );
  for (const id of calls)
    if (!answered.has(id)) throw new Error(`No tool output found for function call ${id}.`);
}

/** The final answer, written from the outputs the loop sent back. */
function finalAnswer(input: readonly InputItem[]): string {
  const output = (id: string) =>
    input.find((item) => item.type === 'function_call_output' && item.call_id === id)?.output;
  const converted = JSON.parse(String(output('call_convert'))) as { value: number; unit: string };
  const todos = JSON.parse(String(output('call_list'))) as { title: string }[];
  return `10 km is ${converted.value} ${converted.unit}. Your todos: ${todos.map((todo) => todo.title).join('; ')}.`;
}

/** Starts the scripted Responses model on 127.0.0.1 at a random port. */
export async function startResponsesStub(): Promise<ResponsesStub> {
  // Every request is a turn, a refused one too.
  let received = 0;
  const issued = new Map<string, readonly string[]>();
  // The outputs a response's conversation holds so far (the API keeps them behind previous_response_id).
  const outputsBefore = new Map<string, readonly InputItem[]>();
  const reply = (body: Record<string, unknown>): unknown => {
    const turn = received++;
    const { input: sent, calls } = conversationCalls(body, issued);
    checkOutputs(sent, calls);
    const previous = body['previous_response_id'];
    const input = [...(typeof previous === 'string' ? (outputsBefore.get(previous) ?? []) : []), ...sent];
    const id = `resp_demo_${turn}`;
    const output = TURNS[turn];
    if (output === undefined) {
      return response(id, [
        {
          type: 'message',
          id: 'msg_demo',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: finalAnswer(input), annotations: [] }],
        },
      ]);
    }
    issued.set(
      id,
      output.map((item) => item.call_id),
    );
    outputsBefore.set(id, input);
    return response(id, output);
  };
  return startLoopbackApi('/v1/responses', reply);
}
