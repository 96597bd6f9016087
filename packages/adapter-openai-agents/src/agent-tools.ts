import { buildAgentTools, requireToolbox } from './build-tools';
import type { OpenAIAgentFunctionTool, OpenAIAgentToolsOptions } from './types';

/**
 * The tools of a toolbox as OpenAI Agents SDK function tools. Each call the agent makes runs through the
 * full armorer pipeline (`toolbox.execute`: validation, policy, concurrency, middleware, events); invalid
 * arguments, denials and failures go back to the model as a structured error it can act on, never as a
 * thrown exception. Names with characters the SDK does not accept are declared with `_` instead.
 *
 * @example
 * ```ts
 * import { Agent, run } from '@openai/agents';
 * import { toOpenAIAgentTools } from 'armorer/adapters/open-ai/agents';
 *
 * const agent = new Agent({ name: 'Assistant', instructions: 'Use the tools.', tools: toOpenAIAgentTools(toolbox) });
 * const result = await run(agent, 'What is 2 + 3?');
 * ```
 */
export function toOpenAIAgentTools<TContext = unknown>(
  toolbox: unknown,
  options: OpenAIAgentToolsOptions<TContext> = {},
): OpenAIAgentFunctionTool[] {
  return buildAgentTools(
    requireToolbox(toolbox, 'toOpenAIAgentTools'),
    options.callOptions as OpenAIAgentToolsOptions['callOptions'],
    undefined,
  );
}
