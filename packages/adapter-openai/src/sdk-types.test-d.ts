import { expectTypeOf, test } from 'bun:test';
import { getWeather } from '@armorer/adapter-fixtures/tools';
import type { ToolCall } from '@armorer/core';
import type OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import {
  formatOpenAIToolResults,
  formatOpenAIToolResultsAsync,
  type OpenAITool,
  type OpenAIToolMessage,
  parseOpenAIToolCalls,
  toOpenAITools,
} from './index';

test('our declarations are the official tool types', () => {
  const tools: ChatCompletionTool[] = toOpenAITools([getWeather], { strict: true });
  const params: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'Weather in Oslo?' }],
    tools: toOpenAITools([getWeather]),
  };
  expectTypeOf(tools).toExtend<readonly ChatCompletionTool[]>();
  expectTypeOf(params.tools).toExtend<readonly ChatCompletionTool[] | undefined>();
  expectTypeOf<OpenAITool>().toExtend<ChatCompletionTool>();
});

test('our parser reads the official response types', () => {
  const completion = {} as ChatCompletion;
  const message: ChatCompletionMessage | undefined = completion.choices[0]?.message;
  expectTypeOf(parseOpenAIToolCalls(message?.tool_calls)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseOpenAIToolCalls(message)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseOpenAIToolCalls).toBeCallableWith([] as ChatCompletionMessageToolCall[]);
});

test('our formatted results are the official tool messages', async () => {
  const messages: ChatCompletionMessageParam[] = formatOpenAIToolResults([]);
  const collected: ChatCompletionToolMessageParam[] = await formatOpenAIToolResultsAsync([]);
  expectTypeOf(messages).toExtend<ChatCompletionMessageParam[]>();
  expectTypeOf(collected).toExtend<ChatCompletionToolMessageParam[]>();
  expectTypeOf<OpenAIToolMessage>().toExtend<ChatCompletionToolMessageParam>();
});
