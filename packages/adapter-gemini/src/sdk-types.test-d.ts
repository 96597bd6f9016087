import { expectTypeOf, test } from 'bun:test';
import { getWeather } from '@armorer/adapter-fixtures/tools';
import type { ToolCall } from '@armorer/core';
import type {
  Content,
  FunctionDeclaration,
  GenerateContentConfig,
  GenerateContentResponse,
  Part,
  Tool,
} from '@google/genai';
import {
  formatGeminiToolResults,
  formatGeminiToolResultsAsync,
  type GeminiFunctionDeclaration,
  type GeminiFunctionResponsePart,
  parseGeminiToolCalls,
  toGeminiTools,
} from './index';

test('our declarations are the official function declarations', () => {
  const declarations: FunctionDeclaration[] = toGeminiTools([getWeather]);
  const tool: Tool = {
    functionDeclarations: toGeminiTools([getWeather], { schemaField: 'parametersJsonSchema' }),
  };
  const config: GenerateContentConfig = { tools: [{ functionDeclarations: toGeminiTools([getWeather]) }] };
  expectTypeOf(declarations).toExtend<FunctionDeclaration[]>();
  expectTypeOf(tool.functionDeclarations).toExtend<FunctionDeclaration[] | undefined>();
  expectTypeOf(config.tools).toExtend<GenerateContentConfig['tools']>();
  expectTypeOf<GeminiFunctionDeclaration>().toExtend<FunctionDeclaration>();
});

test('our parser reads the official response types', () => {
  const response = {} as GenerateContentResponse;
  expectTypeOf(parseGeminiToolCalls(response.functionCalls)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseGeminiToolCalls(response)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseGeminiToolCalls(response.candidates?.[0]?.content)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseGeminiToolCalls).toBeCallableWith([] as Part[]);
});

test('our formatted results are official parts', async () => {
  const next: Content = { role: 'user', parts: formatGeminiToolResults([]) };
  const parts: Part[] = await formatGeminiToolResultsAsync([]);
  expectTypeOf(next.parts).toExtend<Part[] | undefined>();
  expectTypeOf(parts).toExtend<Part[]>();
  expectTypeOf<GeminiFunctionResponsePart>().toExtend<Part>();
});
