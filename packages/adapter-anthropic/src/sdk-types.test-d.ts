import { expectTypeOf, test } from 'bun:test';
import type Anthropic from '@anthropic-ai/sdk';
import { getWeather } from '@armorer/adapter-fixtures/tools';
import type { ToolCall } from '@armorer/core';
import {
  type AnthropicTool,
  type AnthropicToolResultBlock,
  formatAnthropicToolResults,
  formatAnthropicToolResultsAsync,
  parseAnthropicToolCalls,
  toAnthropicTools,
} from './index';

test('our declarations are the official tool types', () => {
  const tools: Anthropic.Messages.Tool[] = toAnthropicTools([getWeather]);
  const params: Anthropic.Messages.MessageCreateParamsNonStreaming = {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'Weather in Oslo?' }],
    tools: toAnthropicTools([getWeather]),
  };
  expectTypeOf(tools).toExtend<Anthropic.Messages.ToolUnion[]>();
  expectTypeOf(params.tools).toExtend<Anthropic.Messages.ToolUnion[] | undefined>();
  expectTypeOf<AnthropicTool>().toExtend<Anthropic.Messages.Tool>();
});

test('our parser reads the official response types', () => {
  const message = {} as Anthropic.Messages.Message;
  expectTypeOf(parseAnthropicToolCalls(message.content)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseAnthropicToolCalls(message)).toEqualTypeOf<ToolCall[]>();
  expectTypeOf(parseAnthropicToolCalls).toBeCallableWith([] as Anthropic.Messages.ContentBlock[]);
});

test('our formatted results are the official tool_result blocks', async () => {
  const next: Anthropic.Messages.MessageParam = { role: 'user', content: formatAnthropicToolResults([]) };
  const collected: Anthropic.Messages.ToolResultBlockParam[] = await formatAnthropicToolResultsAsync([]);
  expectTypeOf(next.content).toExtend<string | Anthropic.Messages.ContentBlockParam[]>();
  expectTypeOf(collected).toExtend<Anthropic.Messages.ToolResultBlockParam[]>();
  expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.Messages.ToolResultBlockParam>();
});
