import { describe, expect, test } from 'bun:test';
import Anthropic from '@anthropic-ai/sdk';
import { type RecordedRequest, requestBody, useStubServers } from '@armorer/adapter-fixtures/stub-server';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { createToolbox } from '@armorer/core';
import { anthropicStrictProblems, anthropicToolProblems } from './__fixtures__/anthropic-rules';
import { formatAnthropicToolResults, parseAnthropicToolCalls, toAnthropicTools } from './index';

// The content the stub model answers with, in Anthropic's documented Messages format.
const CONTENT = [
  { type: 'text', text: 'Checking the weather and saving a record.' },
  { type: 'tool_use', id: 'toolu_weather', name: 'get-weather', input: { city: 'Bergen', days: 3 } },
  {
    type: 'tool_use',
    id: 'toolu_save',
    name: 'records_save',
    input: { id: 'r9', metadata: { source: 'chat' } },
  },
  { type: 'tool_use', id: 'toolu_bad', name: 'get-weather', input: { city: 42 } },
];

function message(content: unknown[], stop: string) {
  return {
    id: 'msg_stub',
    type: 'message',
    role: 'assistant',
    model: 'claude-stub',
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 6 },
  };
}

/** Answers like the API: tool_use first; then, after checking every tool_use has its tool_result, text. */
function reply(request: RecordedRequest, index: number) {
  if (request.path !== '/v1/messages') throw new Error(`unexpected path ${request.path}`);
  if (index === 0) return { body: message(CONTENT, 'tool_use') };
  const messages = request.body['messages'] as { role: string; content: unknown }[];
  const last = messages.at(-1) as {
    role: string;
    content: { type: string; tool_use_id?: string; content?: unknown }[];
  };
  if (last.role !== 'user' || !Array.isArray(last.content))
    throw new Error('tool results must be a user message');
  for (const block of CONTENT.filter((item) => item.type === 'tool_use')) {
    const answer = last.content.find((item) => item.type === 'tool_result' && item.tool_use_id === block.id);
    if (answer === undefined) throw new Error(`tool_use ${block.id} has no tool_result`);
    if (typeof answer.content !== 'string') throw new Error('tool_result content must be text');
  }
  return { body: message([{ type: 'text', text: 'Bergen: rain.' }], 'end_turn') };
}

describe('the official Anthropic client against a loopback stub', () => {
  const startStub = useStubServers();

  test('declare -> tool_use -> parse -> execute -> format -> next request', async () => {
    const stub = await startStub(reply);
    const client = new Anthropic({ apiKey: 'test-key', baseURL: stub.url, maxRetries: 0 });
    const toolbox = createToolbox([getWeather, saveRecord]);
    const tools = toAnthropicTools(toolbox);
    const messages: Anthropic.Messages.MessageParam[] = [
      { role: 'user', content: 'Weather in Bergen, and save it.' },
    ];

    const first = await client.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 512,
      messages,
      tools,
    });
    const headers = stub.requests[0]?.headers;
    expect([headers?.['x-api-key'], headers?.authorization]).toContainEqual(
      expect.stringContaining('test-key'),
    );
    expect(headers?.['anthropic-version']).toBeString();
    expect(stub.requests[0]?.body['tools']).toEqual(JSON.parse(JSON.stringify(tools)));

    const calls = parseAnthropicToolCalls(first.content);
    expect(calls.map((call) => [call.id, call.name])).toEqual([
      ['toolu_weather', 'get-weather'],
      ['toolu_save', 'records.save'],
      ['toolu_bad', 'get-weather'],
    ]);
    const results = await toolbox.execute(calls);
    expect(results.map((result) => [result.outcome, result.error?.code])).toEqual([
      ['success', undefined],
      ['success', undefined],
      ['error', 'INVALID_ARGUMENTS'],
    ]);

    messages.push({ role: 'assistant', content: first.content });
    messages.push({ role: 'user', content: formatAnthropicToolResults(results) });
    const second = await client.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 512,
      messages,
      tools,
    });
    expect(second.content[0]).toMatchObject({ type: 'text', text: 'Bergen: rain.' });
    const nextMessages = requestBody(stub, 1)['messages'] as {
      content: { tool_use_id: string; is_error: boolean; content: string }[];
    }[];
    const sent = nextMessages.at(-1);
    expect(sent?.content.map((block) => [block.tool_use_id, block.is_error])).toEqual([
      ['toolu_weather', false],
      ['toolu_save', false],
      ['toolu_bad', true],
    ]);
    expect(JSON.parse(sent?.content[1]?.content ?? '')).toEqual({ saved: 'r9' });
    expect(sent?.content[2]?.content).toContain('Invalid arguments for tool "get-weather"');
  });

  test('the stub rejects a next request that leaves a tool_use unanswered', async () => {
    const stub = await startStub(reply);
    const client = new Anthropic({ apiKey: 'test-key', baseURL: stub.url, maxRetries: 0 });
    const tools = toAnthropicTools([getWeather]);
    const messages: Anthropic.Messages.MessageParam[] = [{ role: 'user', content: 'hi' }];
    const first = await client.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 64,
      messages,
      tools,
    });
    const results = await createToolbox([getWeather]).execute(parseAnthropicToolCalls(first).slice(0, 1));
    messages.push(
      { role: 'assistant', content: first.content },
      { role: 'user', content: formatAnthropicToolResults(results) },
    );
    const failure = await client.messages
      .create({ model: 'claude-haiku-4-5', max_tokens: 64, messages, tools })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Anthropic.BadRequestError);
    expect(String(failure)).toContain('tool_use toolu_save has no tool_result');
  });

  test('strict tool use: strict declarations within the limits reach the API, and the loop runs', async () => {
    // The stub refuses what the API refuses: a strict tool outside strict tool use's limits.
    const strictReply = (request: RecordedRequest, index: number) => {
      for (const tool of (request.body['tools'] ?? []) as { name: string; strict?: boolean }[]) {
        const problems = tool.strict === true ? anthropicStrictProblems(tool) : anthropicToolProblems(tool);
        if (problems.length > 0) throw new Error(`tools.${tool.name}: ${problems.join('; ')}`);
      }
      return reply(request, index);
    };
    const stub = await startStub(strictReply);
    const client = new Anthropic({ apiKey: 'test-key', baseURL: stub.url, maxRetries: 0 });
    const toolbox = createToolbox([getWeather, saveRecord]);
    const warnings: ConversionWarning[] = [];
    const tools = toAnthropicTools(toolbox, { strict: true, onWarnings: (found) => warnings.push(...found) });
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ['get-weather', true],
      ['records_save', false],
    ]);
    expect(warnings.find((warning) => warning.code === 'STRICT_UNAVAILABLE')?.tool).toBe('records.save');
    const messages: Anthropic.Messages.MessageParam[] = [{ role: 'user', content: 'Weather in Bergen.' }];
    const first = await client.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 256,
      messages,
      tools,
    });
    expect(stub.requests[0]?.body['tools']).toEqual(JSON.parse(JSON.stringify(tools)));
    const results = await toolbox.execute(parseAnthropicToolCalls(first.content, { tools: toolbox }));
    messages.push({ role: 'assistant', content: first.content });
    messages.push({ role: 'user', content: formatAnthropicToolResults(results) });
    const second = await client.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 256,
      messages,
      tools,
    });
    expect(second.content[0]).toMatchObject({ type: 'text', text: 'Bergen: rain.' });
  });
});
