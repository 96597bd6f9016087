import { expectTypeOf, test } from 'bun:test';
import { getWeather } from '@armorer/adapter-fixtures/tools';
import type { ToolCall } from '@armorer/core';
import type {
  FunctionTool,
  Response,
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ResponseStreamEvent,
  Tool,
} from 'openai/resources/responses/responses';
import {
  formatOpenAIResponseToolResults,
  formatOpenAIResponseToolResultsAsync,
  type OpenAIFunctionCallOutput,
  type OpenAIResponseTool,
  parseOpenAIResponseToolCalls,
  toOpenAIResponseTools,
} from '../index';

test('our Responses declarations are the official tool types', () => {
  const tools: Tool[] = toOpenAIResponseTools([getWeather], { strict: true });
  const params: ResponseCreateParamsNonStreaming = {
    model: 'gpt-5',
    input: 'Weather in Oslo?',
    tools: toOpenAIResponseTools([getWeather]),
  };
  expectTypeOf(tools).toExtend<readonly Tool[]>();
  expectTypeOf(params.tools).toExtend<readonly Tool[] | undefined>();
  expectTypeOf<OpenAIResponseTool>().toExtend<FunctionTool>();
});

test('our parser reads a response, its output and its stream events', () => {
  const response = {} as Response;
  expectTypeOf(parseOpenAIResponseToolCalls(response)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseOpenAIResponseToolCalls(response.output)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseOpenAIResponseToolCalls).toBeCallableWith([] as ResponseStreamEvent[]);
});

test('our formatted results are official input items', async () => {
  const items: ResponseInputItem[] = formatOpenAIResponseToolResults([]);
  const collected: ResponseInputItem[] = await formatOpenAIResponseToolResultsAsync([]);
  expectTypeOf(items).toExtend<ResponseInputItem[]>();
  expectTypeOf(collected).toExtend<ResponseInputItem[]>();
  expectTypeOf<OpenAIFunctionCallOutput>().toExtend<ResponseInputItem.FunctionCallOutput>();
});
