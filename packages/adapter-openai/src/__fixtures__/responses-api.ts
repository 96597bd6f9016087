import type { RecordedRequest, StubReply } from '@armorer/adapter-fixtures/stub-server';

/** A `function_call` output item as the Responses API returns it. */
export function functionCall(callId: string, name: string, args: string) {
  return {
    type: 'function_call',
    id: `fc_${callId}`,
    call_id: callId,
    name,
    arguments: args,
    status: 'completed',
  };
}

/** An assistant message output item. */
export function message(text: string) {
  return {
    type: 'message',
    id: 'msg_1',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

/** A response object as `responses.create` returns it. */
export function response(id: string, output: readonly unknown[]) {
  return {
    id,
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model: 'gpt-5-stub',
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    temperature: 1,
    top_p: 1,
    usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
  };
}

/** The events of a streamed response, in the order the API sends them (argument deltas of 7 characters). */
export function responseEvents(id: string, output: readonly Record<string, unknown>[]) {
  let sequence = 0;
  const next = <T extends Record<string, unknown>>(event: T) => ({ ...event, sequence_number: sequence++ });
  const events: { type: string }[] = [
    next({ type: 'response.created', response: { ...response(id, []), status: 'in_progress' } }),
  ];
  output.forEach((item, index) => {
    if (item['type'] !== 'function_call') {
      events.push(next({ type: 'response.output_item.done', output_index: index, item }));
      return;
    }
    const text = String(item['arguments']);
    events.push(
      next({
        type: 'response.output_item.added',
        output_index: index,
        item: { ...item, arguments: '', status: 'in_progress' },
      }),
    );
    for (let at = 0; at < text.length; at += 7) {
      events.push(
        next({
          type: 'response.function_call_arguments.delta',
          item_id: item['id'],
          output_index: index,
          delta: text.slice(at, at + 7),
        }),
      );
    }
    events.push(
      next({
        type: 'response.function_call_arguments.done',
        item_id: item['id'],
        output_index: index,
        arguments: text,
      }),
      next({ type: 'response.output_item.done', output_index: index, item }),
    );
  });
  events.push(next({ type: 'response.completed', response: response(id, output) }));
  return events;
}

interface InputItem {
  readonly type?: string;
  readonly call_id?: string;
  readonly output?: unknown;
}

/**
 * Refuses what the Responses API refuses: a function call of the conversation (in `input`, or in the response
 * `previous_response_id` names) without its `function_call_output`, an output that answers no call, a tool
 * declared in another shape, an output that is not a string.
 */
export function responsesProblems(
  body: Record<string, unknown>,
  previous: ReadonlyMap<string, readonly { call_id: string }[]>,
): string[] {
  const problems: string[] = [];
  for (const tool of (body['tools'] ?? []) as Record<string, unknown>[]) {
    if (tool['type'] !== 'function' || typeof tool['name'] !== 'string' || 'function' in tool)
      problems.push(`tool ${JSON.stringify(tool['name'])} is not a Responses function tool`);
    if (typeof tool['strict'] !== 'boolean' || typeof tool['parameters'] !== 'object')
      problems.push(`tool ${String(tool['name'])} has no parameters or strict flag`);
  }
  const input = (Array.isArray(body['input']) ? body['input'] : []) as InputItem[];
  const calls = new Set(input.filter((item) => item.type === 'function_call').map((item) => item.call_id));
  const previousId = body['previous_response_id'];
  if (typeof previousId === 'string') {
    const earlier = previous.get(previousId);
    if (earlier === undefined) problems.push(`Previous response with id '${previousId}' not found.`);
    for (const call of earlier ?? []) calls.add(call.call_id);
  }
  const outputs = input.filter((item) => item.type === 'function_call_output');
  for (const output of outputs) {
    if (!calls.has(output.call_id))
      problems.push(`No tool call found for function call output with call_id ${output.call_id}.`);
    if (typeof output.output !== 'string')
      problems.push(`function_call_output ${output.call_id} is not a string`);
  }
  for (const call of calls) {
    if (!outputs.some((output) => output.call_id === call))
      problems.push(`No tool output found for function call ${call}.`);
  }
  return problems;
}

/**
 * A scripted model behind the Responses endpoint: each request gets the next turn's output items (as one
 * JSON response, or streamed when the request asks for it), after checking the request as the API would.
 */
export function scriptedResponses(turns: readonly (readonly Record<string, unknown>[])[]) {
  const issued = new Map<string, readonly { call_id: string }[]>();
  return (request: RecordedRequest, index: number): StubReply => {
    if (request.path !== '/v1/responses') throw new Error(`unexpected path ${request.path}`);
    const problems = responsesProblems(request.body, issued);
    if (problems.length > 0) throw new Error(problems.join(' '));
    const output = turns[index];
    if (output === undefined) throw new Error(`the script has no turn ${index}`);
    const id = `resp_${index}`;
    issued.set(
      id,
      output.filter((item) => item['type'] === 'function_call') as unknown as { call_id: string }[],
    );
    return request.body['stream'] === true
      ? { events: responseEvents(id, output) }
      : { body: response(id, output) };
  };
}
