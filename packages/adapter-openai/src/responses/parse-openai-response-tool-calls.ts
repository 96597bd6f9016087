import type { ToolCall } from '@armorer/core';
import { parseOpenAIToolCalls } from '../calls/parse-openai-tool-calls';
import type { OpenAIParseOptions, OpenAIToolCallLike } from '../types';
import { responseItems } from './response-items';
import type { OpenAIResponseToolCallsInput } from './types';

/** A `function_call` item in the Chat Completions shape the shared parser reads (a hostile field stays hostile). */
function asChatCall(item: Record<string, unknown>): OpenAIToolCallLike {
  return {
    id: item['call_id'] as string,
    type: 'function',
    function: { name: item['name'] as string, arguments: item['arguments'] as string },
  };
}

/**
 * Turns the `function_call` items of an OpenAI Responses API response into armorer tool calls for
 * `toolbox.execute`: from the response (`{ output }`), its `output` items, or the events of a streamed
 * response (collected, or cut short). Each call keeps the item's `call_id`, which its
 * `function_call_output` answers. Arguments are read as `parseOpenAIToolCalls` reads them: malformed or
 * truncated JSON stays the string it came as (so it fails with MALFORMED_ARGUMENTS, never `{}`), declared
 * names map back to tool names, and strict calls are read back into each tool's own shape. Items of other
 * types (messages, reasoning, built-in tools) are skipped.
 *
 * @example
 * ```ts
 * const response = await openai.responses.create({ model: 'gpt-5', input, tools });
 * const results = await toolbox.execute(parseOpenAIResponseToolCalls(response));
 * input.push(...response.output, ...formatOpenAIResponseToolResults(results));
 * ```
 */
export function parseOpenAIResponseToolCalls(
  response: OpenAIResponseToolCallsInput,
  options: OpenAIParseOptions = {},
): ToolCall[] {
  const calls: OpenAIToolCallLike[] = [];
  for (const item of responseItems(response)) {
    if (typeof item !== 'object' || item === null || (item as { type?: unknown }).type !== 'function_call')
      continue;
    calls.push(asChatCall(item as Record<string, unknown>));
  }
  return parseOpenAIToolCalls(calls, options);
}
