import { type ExportSpec, exportTools, type ToolSource } from '@armorer/adapter-shared';
import { toInputSchema } from '../schema/input-schema';
import type { AnthropicTool, AnthropicToolsOptions } from '../types';

const SPEC: ExportSpec<AnthropicTool, AnthropicToolsOptions> = {
  provider: 'anthropic',
  exporter: 'toAnthropicTools',
  variant: () => 'standard',
  optionsKey: () => '',
  convert: ({ schema, declaredName, configuration, collector }) => ({
    name: declaredName,
    description: configuration.description,
    input_schema: toInputSchema(schema, collector),
  }),
  handOut: (tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.input_schema },
  }),
};

/**
 * Declares tools for the Anthropic Messages API (`tools` of `messages.create`). Accepts a toolbox (all its
 * tools; use `await toolbox.toAnthropicTools()` to omit unavailable ones) or an array of tools. Each
 * declaration is converted once per tool and then served from a cache.
 *
 * @example
 * ```ts
 * const message = await anthropic.messages.create({
 *   model: 'claude-sonnet-4-5',
 *   max_tokens: 1024,
 *   messages,
 *   tools: toAnthropicTools(toolbox),
 * });
 * ```
 */
export function toAnthropicTools(tools: ToolSource, options: AnthropicToolsOptions = {}): AnthropicTool[] {
  return exportTools(SPEC, tools, options ?? {});
}
