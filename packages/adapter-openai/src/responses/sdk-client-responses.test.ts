import { describe, expect, test } from 'bun:test';
import { useStubServers } from '@armorer/adapter-fixtures/stub-server';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { createToolbox } from '@armorer/core';
import OpenAI from 'openai';
import type { ResponseInputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { functionCall, message, scriptedResponses } from '../__fixtures__/responses-api';
import {
  formatOpenAIResponseToolResults,
  parseOpenAIResponseToolCalls,
  toOpenAIResponseTools,
} from '../index';

// The model's parallel calls: a strict call with nulls for absent fields, a record sent as entries, a call
// cut short, and a misspelled tool.
const PARALLEL = [
  functionCall(
    'call_weather',
    'get-weather',
    '{"city":"Oslo","units":null,"days":2,"note":null,"when":null,"tags":null}',
  ),
  functionCall('call_save', 'records_save', '{"id":"r1","metadata":[{"key":"k","value":"v"}]}'),
  functionCall('call_cut', 'get-weather', '{"city":"Os'),
  functionCall('call_unknown', 'get_wether', '{}'),
];

function client(url: string) {
  return new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0 });
}

describe('the official OpenAI client, responses.create, against a loopback Responses API', () => {
  const startStub = useStubServers();

  test('declare -> parallel function calls -> execute -> function_call_output -> answer', async () => {
    const stub = await startStub(scriptedResponses([PARALLEL, [message('It is 4 degrees in Oslo.')]]));
    const openai = client(stub.url);
    const toolbox = createToolbox([getWeather, saveRecord]);
    const tools = toOpenAIResponseTools(toolbox, { strict: true });
    const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather in Oslo, and save it.' }];

    const first = await openai.responses.create({ model: 'gpt-5', input, tools, parallel_tool_calls: true });
    expect(stub.requests[0]?.body['tools']).toEqual(JSON.parse(JSON.stringify(tools)));
    const calls = parseOpenAIResponseToolCalls(first);
    expect(calls.map((call) => [call.id, call.name])).toEqual([
      ['call_weather', 'get-weather'],
      ['call_save', 'records.save'],
      ['call_cut', 'get-weather'],
      ['call_unknown', 'get_wether'],
    ]);
    expect(calls[0]?.arguments).toEqual({ city: 'Oslo', days: 2, note: null });
    expect(calls[1]?.arguments).toEqual({ id: 'r1', metadata: { k: 'v' } });
    const results = await toolbox.execute(calls);
    expect(results.map((result) => [result.callId, result.outcome, result.error?.code])).toEqual([
      ['call_weather', 'success', undefined],
      ['call_save', 'success', undefined],
      ['call_cut', 'error', 'MALFORMED_ARGUMENTS'],
      ['call_unknown', 'error', 'TOOL_NOT_FOUND'],
    ]);

    input.push(...(first.output as ResponseInputItem[]), ...formatOpenAIResponseToolResults(results));
    const second = await openai.responses.create({ model: 'gpt-5', input, tools });
    expect(second.output_text).toBe('It is 4 degrees in Oslo.');
    const sent = (stub.requests[1]?.body['input'] ?? []) as {
      type?: string;
      call_id?: string;
      output?: string;
    }[];
    const outputs = sent.filter((item) => item.type === 'function_call_output');
    expect(outputs.map((item) => item.call_id)).toEqual(PARALLEL.map((call) => call.call_id));
    expect(JSON.parse(outputs[1]?.output ?? '')).toEqual({ saved: 'r1' });
    expect(outputs[3]?.output).toContain('"code":"TOOL_NOT_FOUND"');
  });

  test('with previous_response_id, the outputs alone continue the conversation', async () => {
    const stub = await startStub(scriptedResponses([PARALLEL.slice(0, 2), [message('Saved.')]]));
    const openai = client(stub.url);
    const toolbox = createToolbox([getWeather, saveRecord]);
    const tools = toOpenAIResponseTools(toolbox, { strict: true });
    const first = await openai.responses.create({ model: 'gpt-5', input: 'Weather, then save.', tools });
    const results = await toolbox.execute(parseOpenAIResponseToolCalls(first, { tools: toolbox }));
    const second = await openai.responses.create({
      model: 'gpt-5',
      previous_response_id: first.id,
      input: formatOpenAIResponseToolResults(results),
      tools,
    });
    expect(second.output_text).toBe('Saved.');
  });

  test('streamed: the calls are read from the events, and a stream cut short still yields every call', async () => {
    const stub = await startStub(scriptedResponses([PARALLEL, [message('Done.')]]));
    const openai = client(stub.url);
    const toolbox = createToolbox([getWeather, saveRecord]);
    const tools = toOpenAIResponseTools(toolbox, { strict: true });
    const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather in Oslo, and save it.' }];
    const stream = await openai.responses.create({ model: 'gpt-5', input, tools, stream: true });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(
      events.filter((event) => event.type === 'response.function_call_arguments.delta').length,
    ).toBeGreaterThan(4);
    const fromEvents = parseOpenAIResponseToolCalls(events);
    const completed = events.find((event) => event.type === 'response.completed');
    if (completed?.type !== 'response.completed') throw new Error('no response.completed event');
    expect(fromEvents).toEqual(parseOpenAIResponseToolCalls(completed.response));

    // Without the final events (a stream cut off): the deltas and the added items still give every call.
    const cut = events.filter(
      (event) => event.type !== 'response.completed' && event.type !== 'response.output_item.done',
    );
    expect(parseOpenAIResponseToolCalls(cut)).toEqual(fromEvents);
    // Cut in the middle of the first call's arguments: that call fails validation as malformed JSON.
    const third = events.filter((event) => event.type === 'response.function_call_arguments.delta')[2];
    const partial = parseOpenAIResponseToolCalls(
      events.slice(0, events.indexOf(third as ResponseStreamEvent) + 1),
    );
    expect(partial).toHaveLength(1);
    expect(partial[0]?.arguments).toBe('{"city":"Oslo","units');
    expect((await toolbox.execute(partial))[0]?.error?.code).toBe('MALFORMED_ARGUMENTS');

    const results = await toolbox.execute(fromEvents);
    input.push(
      ...(completed.response.output as ResponseInputItem[]),
      ...formatOpenAIResponseToolResults(results),
    );
    const second = await openai.responses.create({ model: 'gpt-5', input, tools });
    expect(second.output_text).toBe('Done.');
  });

  test('the stub rejects a next request that leaves a function call without its output', async () => {
    const stub = await startStub(scriptedResponses([PARALLEL, [message('never')]]));
    const openai = client(stub.url);
    const toolbox = createToolbox([getWeather, saveRecord]);
    const tools = toOpenAIResponseTools(toolbox);
    const first = await openai.responses.create({ model: 'gpt-5', input: 'hi', tools });
    const results = await toolbox.execute(parseOpenAIResponseToolCalls(first).slice(0, 1));
    const failure = await openai.responses
      .create({
        model: 'gpt-5',
        input: [...(first.output as ResponseInputItem[]), ...formatOpenAIResponseToolResults(results)],
        tools,
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String(failure)).toContain('No tool output found for function call call_save.');
  });
});
