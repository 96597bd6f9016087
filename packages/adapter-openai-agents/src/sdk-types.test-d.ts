import { expectTypeOf, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import { Agent, type FunctionTool, type Tool } from '@openai/agents';
import { createOpenAIToolGate, type OpenAIAgentFunctionTool, toOpenAIAgentTools } from './index';

test('the structural tool type is what the SDK accepts', () => {
  const toolbox = createToolbox();
  const tools = toOpenAIAgentTools(toolbox);
  expectTypeOf(tools).toEqualTypeOf<OpenAIAgentFunctionTool[]>();
  expectTypeOf<OpenAIAgentFunctionTool>().toMatchTypeOf<FunctionTool>();
  expectTypeOf<OpenAIAgentFunctionTool>().toMatchTypeOf<Tool<{ user: string }>>();
  const agent = new Agent({ name: 'a', tools });
  const gated = new Agent<{ user: string }>({ name: 'b', tools: createOpenAIToolGate(toolbox).tools });
  expectTypeOf(agent).toMatchTypeOf<Agent>();
  expectTypeOf(gated.tools).toMatchTypeOf<Tool<{ user: string }>[]>();
});

test('call options are typed by the run context', () => {
  toOpenAIAgentTools<{ user: string }>(createToolbox(), {
    callOptions: ({ context }) => {
      expectTypeOf(context.user).toEqualTypeOf<string>();
      return { ownerId: context.user };
    },
  });
  // @ts-expect-error a call option that does not exist
  toOpenAIAgentTools(createToolbox(), { callOptions: { nope: true } });
});
