import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An input item of a Responses request, as far as the stub reads it. */
interface InputItem {
  readonly type?: string;
  readonly call_id?: string;
  readonly output?: unknown;
}

/** A loopback stand-in for the OpenAI Responses API that plays a scripted model. */
export interface ResponsesStub {
  /** The base URL to give the official client (`http://127.0.0.1:<port>/v1`). */
  readonly baseURL: string;
  /** The request bodies received, in order. */
  readonly requests: readonly Record<string, unknown>[];
  close(): Promise<void>;
}

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
  const requests: Record<string, unknown>[] = [];
  const issued = new Map<string, readonly string[]>();
  // The outputs a response's conversation holds so far (the API keeps them behind previous_response_id).
  const outputsBefore = new Map<string, readonly InputItem[]>();
  const reply = (body: Record<string, unknown>): unknown => {
    const { input: sent, calls } = conversationCalls(body, issued);
    checkOutputs(sent, calls);
    const previous = body['previous_response_id'];
    const input = [...(typeof previous === 'string' ? (outputsBefore.get(previous) ?? []) : []), ...sent];
    const turn = requests.length - 1;
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
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      let status = 200;
      let answer: unknown;
      try {
        if (incoming.url !== '/v1/responses') throw new Error(`unknown endpoint ${incoming.url}`);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        requests.push(body);
        answer = reply(body);
      } catch (error) {
        status = 400;
        answer = {
          error: {
            type: 'invalid_request_error',
            message: error instanceof Error ? error.message : String(error),
          },
        };
      }
      outgoing.writeHead(status, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
