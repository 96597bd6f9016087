import { describe, expect, test } from 'bun:test';
import { type RecordedRequest, requestBody, useStubServers } from '@armorer/adapter-fixtures/stub-server';
import { getWeather, saveRecord } from '@armorer/adapter-fixtures/tools';
import { createToolbox } from '@armorer/core';
import { type Content, GoogleGenAI } from '@google/genai';
import { formatGeminiToolResults, parseGeminiToolCalls, toGeminiTools } from './index';

// The parts the stub model answers with, in Gemini's documented generateContent format.
const PARTS = [
  { functionCall: { id: 'fc_weather', name: 'get-weather', args: { city: 'Rome', units: 'celsius' } } },
  { functionCall: { name: 'records.save', args: { id: 'r3', metadata: { lang: 'it' } } } },
  { functionCall: { id: 'fc_bad', name: 'get-weather', args: { city: 'Rome', days: 30 } } },
];

function generated(parts: unknown[]) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 },
    modelVersion: 'gemini-stub',
  };
}

type Part = {
  functionCall?: { id?: string; name: string };
  functionResponse?: { id?: string; name: string; response: unknown };
};

/** Answers like the API: function calls first; then, after checking each has its functionResponse, text. */
function reply(request: RecordedRequest, index: number) {
  if (!/^\/v1(beta)?\/models\/gemini-2\.5-flash:generateContent/.test(request.path)) {
    throw new Error(`unexpected path ${request.path}`);
  }
  if (index === 0) return { body: generated(PARTS) };
  const contents = request.body['contents'] as { role: string; parts: Part[] }[];
  const last = contents.at(-1);
  if (last?.role !== 'user') throw new Error('function responses must be in a user content');
  for (const { functionCall } of PARTS) {
    const answer = last.parts.find(
      (part) =>
        part.functionResponse?.name === functionCall.name && part.functionResponse.id === functionCall.id,
    );
    if (answer === undefined)
      throw new Error(`function call ${functionCall.id ?? functionCall.name} has no functionResponse`);
    if (typeof answer.functionResponse?.response !== 'object') throw new Error('response must be an object');
  }
  return { body: generated([{ text: 'Rome: sunny.' }]) };
}

describe('the official Gemini client against a loopback stub', () => {
  const startStub = useStubServers();

  test('declare -> functionCall -> parse -> execute -> format -> next request', async () => {
    const stub = await startStub(reply);
    const ai = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: stub.url } });
    const toolbox = createToolbox([getWeather, saveRecord]);
    const functionDeclarations = toGeminiTools(toolbox);
    const config = { tools: [{ functionDeclarations }] };
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Weather in Rome, and save it.' }] }];

    const first = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config });
    expect(stub.requests[0]?.headers['x-goog-api-key']).toBe('test-key');
    const sentTools = stub.requests[0]?.body['tools'] as { functionDeclarations: unknown[] }[];
    expect(sentTools[0]?.functionDeclarations).toEqual(JSON.parse(JSON.stringify(functionDeclarations)));

    const calls = parseGeminiToolCalls(first.functionCalls);
    expect(calls.map((call) => call.name)).toEqual(['get-weather', 'records.save', 'get-weather']);
    const results = await toolbox.execute(calls);
    expect(results.map((result) => [result.outcome, result.error?.code])).toEqual([
      ['success', undefined],
      ['success', undefined],
      ['error', 'INVALID_ARGUMENTS'],
    ]);

    const answer = first.candidates?.[0]?.content;
    if (answer !== undefined) contents.push(answer);
    contents.push({ role: 'user', parts: formatGeminiToolResults(results) });
    const second = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config });
    expect(second.text).toBe('Rome: sunny.');
    const nextContents = requestBody(stub, 1)['contents'] as { parts: Part[] }[];
    const sent = nextContents.at(-1)?.parts ?? [];
    expect(sent.map((part) => [part.functionResponse?.id, part.functionResponse?.name])).toEqual([
      ['fc_weather', 'get-weather'],
      [undefined, 'records.save'],
      ['fc_bad', 'get-weather'],
    ]);
    expect(sent[1]?.functionResponse?.response).toEqual({ output: { saved: 'r3' } });
    expect(sent[2]?.functionResponse?.response).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
  });

  test('the stub rejects a next request that leaves a function call unanswered', async () => {
    const stub = await startStub(reply);
    const ai = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: stub.url } });
    const config = { tools: [{ functionDeclarations: toGeminiTools([getWeather]) }] };
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'hi' }] }];
    const first = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config });
    const results = await createToolbox([getWeather]).execute(parseGeminiToolCalls(first).slice(0, 1));
    contents.push({ role: 'model', parts: first.candidates?.[0]?.content?.parts ?? [] });
    contents.push({ role: 'user', parts: formatGeminiToolResults(results) });
    const failure = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String(failure)).toContain('has no functionResponse');
  });
});
