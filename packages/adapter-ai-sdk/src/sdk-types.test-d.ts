import { expectTypeOf, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import type { Tool, ToolSet } from 'ai';
import { generateText, streamText } from 'ai';
import type { Tool as ToolOf6, ToolSet as ToolSetOf6 } from 'ai-v6';
import { generateText as generateText6 } from 'ai-v6';
import type { Tool as ToolOf70, ToolSet as ToolSetOf70 } from 'ai-v7-0';
import { type AISDKTool, type AISDKToolSet, toAISDKTools } from './index';

test('the structural tool set is what every tested AI SDK accepts', () => {
  const tools = toAISDKTools(createToolbox());
  expectTypeOf(tools).toEqualTypeOf<AISDKToolSet>();
  expectTypeOf<AISDKToolSet>().toMatchTypeOf<ToolSet>();
  expectTypeOf<AISDKToolSet>().toMatchTypeOf<ToolSetOf6>();
  expectTypeOf<AISDKToolSet>().toMatchTypeOf<ToolSetOf70>();
  expectTypeOf<AISDKTool>().toMatchTypeOf<Tool>();
  expectTypeOf<AISDKTool>().toMatchTypeOf<ToolOf6>();
  expectTypeOf<AISDKTool>().toMatchTypeOf<ToolOf70>();
  // Passed as they are, without a cast.
  const model = 'openai/gpt-5';
  void (() => generateText({ model, tools, prompt: 'hi' }));
  void (() => streamText({ model, tools, prompt: 'hi' }));
  void (() => generateText6({ model, tools, prompt: 'hi' }));
});

test('call options are typed', () => {
  toAISDKTools(createToolbox(), {
    callOptions: ({ toolName, toolCallId }) => {
      expectTypeOf(toolName).toEqualTypeOf<string>();
      expectTypeOf(toolCallId).toEqualTypeOf<string>();
      return { ownerId: toolCallId };
    },
  });
  // @ts-expect-error a call option that does not exist
  toAISDKTools(createToolbox(), { callOptions: { nope: true } });
});
