/**
 * @armorer/adapter-anthropic: armorer tools in the Anthropic Messages format, both directions.
 * `toAnthropicTools` declares tools, `fromAnthropicTools` imports declarations into a validating toolbox,
 * `parseAnthropicToolCalls` reads the `tool_use` blocks of a message, and `formatAnthropicToolResults` /
 * `formatAnthropicToolResultsAsync` build the `tool_result` blocks of the next user message.
 *
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { formatAnthropicToolResults, parseAnthropicToolCalls, toAnthropicTools } from '@armorer/adapter-anthropic';
 *
 * const anthropic = new Anthropic();
 * const tools = toAnthropicTools(toolbox);
 * const message = await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools });
 * const results = await toolbox.execute(parseAnthropicToolCalls(message.content));
 * messages.push({ role: 'assistant', content: message.content });
 * messages.push({ role: 'user', content: formatAnthropicToolResults(results) });
 * ```
 *
 * @module
 */
export type { ConversionWarning, ConversionWarningCode } from '@armorer/adapter-shared';
export { parseAnthropicToolCalls } from './calls/parse-anthropic-tool-calls';
export {
  formatAnthropicToolResults,
  formatAnthropicToolResultsAsync,
} from './results/format-anthropic-tool-results';
export { fromAnthropicTools } from './tools/from-anthropic-tools';
export { toAnthropicTools } from './tools/to-anthropic-tools';
export type {
  AnthropicParseOptions,
  AnthropicTool,
  AnthropicToolCallsInput,
  AnthropicToolResultBlock,
  AnthropicToolsOptions,
  AnthropicToolUseLike,
} from './types';
