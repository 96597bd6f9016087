import { describe, expect, test } from 'bun:test';
import { type RecordedRequest, useStubServers } from '@armorer/adapter-fixtures/stub-server';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { createToolbox } from '@armorer/core';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { formatOpenAIToolResults, parseOpenAIToolCalls, toOpenAITools } from './index';

// The tool calls the stub model makes, in OpenAI's documented Chat Completions format.
const TOOL_CALLS = [
  {
    id: 'call_weather',
    type: 'function',
    function: {
      name: 'get-weather',
      arguments: '{"city":"Oslo","units":null,"days":2,"note":null,"when":null,"tags":null}',
    },
  },
  {
    id: 'call_save',
    type: 'function',
    function: { name: 'records_save', arguments: '{"id":"r1","metadata":{"k":"v"}}' },
  },
  { id: 'call_cut', type: 'function', function: { name: 'get-weather', arguments: '{"city":"Os' } },
  { id: 'call_unknown', type: 'function', function: { name: 'get_wether', arguments: '{}' } },
];

function completion(message: Record<string, unknown>, finish: string) {
  return {
    id: 'chatcmpl-stub',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-4o-stub',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, refusal: null, ...message },
        finish_reason: finish,
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** Answers like the API: tool calls first; then, after checking that every call has its tool message, text. */
function reply(request: RecordedRequest, index: number) {
  if (request.path !== '/v1/chat/completions') throw new Error(`unexpected path ${request.path}`);
  if (index === 0) return { body: completion({ tool_calls: TOOL_CALLS }, 'tool_calls') };
  const messages = request.body['messages'] as { role: string; tool_call_id?: string; content?: unknown }[];
  const answered = messages
    .filter((message) => message.role === 'tool')
    .map((message) => message.tool_call_id);
  for (const call of TOOL_CALLS) {
    if (!answered.includes(call.id)) throw new Error(`tool_call_id ${call.id} has no tool message`);
  }
  if (!messages.every((message) => message.role !== 'tool' || typeof message.content === 'string')) {
    throw new Error('tool message content must be a string');
  }
  return { body: completion({ content: 'It is 4 degrees in Oslo.' }, 'stop') };
}

describe('the official OpenAI client against a loopback stub', () => {
  const startStub = useStubServers();

  test('declare -> tool calls -> parse -> execute -> format -> next request', async () => {
    const stub = await startStub(reply);
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${stub.url}/v1`, maxRetries: 0 });
    const toolbox = createToolbox([getWeather, saveRecord]);
    const tools = toOpenAITools(toolbox, { strict: true });
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Weather in Oslo, and save it.' },
    ];

    const first = await client.chat.completions.create({ model: 'gpt-4o', messages, tools });
    const sent = stub.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer test-key');
    expect(sent?.body['tools']).toEqual(JSON.parse(JSON.stringify(tools)));

    const message = first.choices[0]?.message;
    const calls = parseOpenAIToolCalls(message?.tool_calls);
    expect(calls.map((call) => call.name)).toEqual([
      'get-weather',
      'records.save',
      'get-weather',
      'get_wether',
    ]);
    const results = await toolbox.execute(calls);
    expect(results.map((result) => [result.callId, result.outcome, result.error?.code])).toEqual([
      ['call_weather', 'success', undefined],
      ['call_save', 'success', undefined],
      ['call_cut', 'error', 'MALFORMED_ARGUMENTS'],
      ['call_unknown', 'error', 'TOOL_NOT_FOUND'],
    ]);
    expect(results[0]?.result).toEqual({ city: 'Oslo', units: 'celsius', days: 2, note: null });

    if (message !== undefined) messages.push(message);
    messages.push(...formatOpenAIToolResults(results));
    const second = await client.chat.completions.create({ model: 'gpt-4o', messages, tools });
    expect(second.choices[0]?.message.content).toBe('It is 4 degrees in Oslo.');
    const next = stub.requests[1]?.body['messages'] as {
      role: string;
      tool_call_id?: string;
      content?: string;
    }[];
    const toolMessages = next.filter((item) => item.role === 'tool');
    expect(toolMessages.map((item) => item.tool_call_id)).toEqual(TOOL_CALLS.map((call) => call.id));
    expect(JSON.parse(toolMessages[1]?.content ?? '')).toEqual({ saved: 'r1' });
    expect(toolMessages[3]?.content).toContain('"code":"TOOL_NOT_FOUND"');
    expect(toolMessages[3]?.content).toContain('get-weather');
  });

  test('the stub rejects a next request that leaves a tool call unanswered', async () => {
    const stub = await startStub(reply);
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${stub.url}/v1`, maxRetries: 0 });
    const tools = toOpenAITools([getWeather]);
    const first = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      tools,
    });
    const message = first.choices[0]?.message;
    const results = await createToolbox([getWeather]).execute(parseOpenAIToolCalls(message).slice(0, 1));
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'hi' }];
    if (message !== undefined) messages.push(message);
    messages.push(...formatOpenAIToolResults(results));
    const failure = await client.chat.completions.create({ model: 'gpt-4o', messages, tools }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String(failure)).toContain('tool_call_id call_save has no tool message');
  });
});
