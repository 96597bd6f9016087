import type { ToolSource } from '@armorer/adapter-shared';
import { toOpenAITools } from '../tools/to-openai-tools';
import type { OpenAITool, OpenAIToolsOptions } from '../types';
import type { OpenAIResponseTool } from './types';

/** A Chat Completions declaration in the Responses shape: the `function` fields at the top level. */
export function responseTool(tool: OpenAITool): OpenAIResponseTool {
  const { name, description, parameters, strict } = tool.function;
  return { type: 'function', name, description, parameters, strict };
}

/**
 * Declares tools for the OpenAI Responses API (`tools` of `responses.create`): `{ type: 'function', name,
 * description, parameters, strict }`. The same conversion as `toOpenAITools`, from the same cache: with
 * `strict: true` the same Structured Outputs schemas, the same lossless encodings (records as entries,
 * free-form values as JSON text, `allOf` merged) and the same warnings; `parseOpenAIResponseToolCalls`
 * reads strict calls back into each tool's own shape.
 *
 * @example
 * ```ts
 * const tools = toOpenAIResponseTools(toolbox, { strict: true });
 * const response = await openai.responses.create({ model: 'gpt-5', input, tools });
 * ```
 */
export function toOpenAIResponseTools(
  tools: ToolSource,
  options: OpenAIToolsOptions = {},
): OpenAIResponseTool[] {
  return toOpenAITools(tools, options).map(responseTool);
}
