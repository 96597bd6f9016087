/**
 * @armorer/adapter-openai: armorer tools in the OpenAI Chat Completions format, both directions.
 * `toOpenAITools` declares tools (full JSON Schema, or Structured Outputs with `strict: true`),
 * `fromOpenAITools` imports declarations into a validating toolbox, `parseOpenAIToolCalls` reads the
 * model's tool calls, and `formatOpenAIToolResults` / `formatOpenAIToolResultsAsync` build the tool
 * messages of the next request.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { formatOpenAIToolResults, parseOpenAIToolCalls, toOpenAITools } from '@armorer/adapter-openai';
 *
 * const openai = new OpenAI();
 * const tools = toOpenAITools(toolbox);
 * const completion = await openai.chat.completions.create({ model: 'gpt-4o', messages, tools });
 * const message = completion.choices[0].message;
 * const results = await toolbox.execute(parseOpenAIToolCalls(message.tool_calls));
 * messages.push(message, ...formatOpenAIToolResults(results));
 * ```
 *
 * @module
 */
export type { ConversionWarning, ConversionWarningCode } from '@armorer/adapter-shared';
export { parseOpenAIToolCalls } from './calls/parse-openai-tool-calls';
export {
  formatOpenAIResponseToolResults,
  formatOpenAIResponseToolResultsAsync,
} from './responses/format-openai-response-tool-results';
export { parseOpenAIResponseToolCalls } from './responses/parse-openai-response-tool-calls';
export { toOpenAIResponseTools } from './responses/to-openai-response-tools';
export type {
  OpenAIFunctionCallOutput,
  OpenAIResponseFunctionCall,
  OpenAIResponseTool,
  OpenAIResponseToolCallsInput,
} from './responses/types';
export { formatOpenAIToolResults, formatOpenAIToolResultsAsync } from './results/format-openai-tool-results';
export { fromOpenAITools } from './tools/from-openai-tools';
export { toOpenAITools } from './tools/to-openai-tools';
export type {
  OpenAIFunctionDeclaration,
  OpenAIParseOptions,
  OpenAITool,
  OpenAIToolCallLike,
  OpenAIToolCallsInput,
  OpenAIToolMessage,
  OpenAIToolsOptions,
} from './types';
