import { originalToolName, ProviderAdapterError, toolsByDeclaredName } from '@armorer/adapter-shared';
import type { ToolCall } from '@armorer/core';
import type { AnthropicParseOptions, AnthropicToolCallsInput, AnthropicToolUseLike } from '../types';

const PARSER = 'parseAnthropicToolCalls';

function blockList(input: AnthropicToolCallsInput): readonly unknown[] {
  if (input === undefined || input === null) return [];
  if (Array.isArray(input)) return input;
  if (typeof input === 'object' && 'content' in input)
    return Array.isArray(input.content) ? input.content : [];
  throw new ProviderAdapterError({
    code: 'INVALID_TOOL_CALLS',
    message: `${PARSER}() expects the message content blocks (an array) or the message.`,
  });
}

/**
 * Turns the `tool_use` blocks of an Anthropic message into armorer tool calls for `toolbox.execute`
 * (other blocks, such as text and thinking, are skipped). `input` arrives as an object and is validated
 * as it is; a string input (for example accumulated from a stream) is parsed, and malformed or truncated
 * JSON fails validation with a clear message, never `{}`. Declared names are mapped back to tool names.
 *
 * @example
 * ```ts
 * const calls = parseAnthropicToolCalls(message.content);
 * const results = await toolbox.execute(calls);
 * ```
 */
export function parseAnthropicToolCalls(
  content: AnthropicToolCallsInput,
  options: AnthropicParseOptions = {},
): ToolCall[] {
  const tools =
    options.tools === undefined ? undefined : toolsByDeclaredName('anthropic', options.tools, PARSER);
  const calls: ToolCall[] = [];
  for (const item of blockList(content)) {
    if (typeof item !== 'object' || item === null || (item as AnthropicToolUseLike).type !== 'tool_use')
      continue;
    const block = item as AnthropicToolUseLike;
    const name = originalToolName('anthropic', typeof block.name === 'string' ? block.name : '', tools);
    calls.push(
      typeof block.id === 'string'
        ? { id: block.id, name, arguments: block.input }
        : { name, arguments: block.input },
    );
  }
  return calls;
}
