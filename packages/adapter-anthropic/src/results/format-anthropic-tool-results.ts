import { formatResults, formatResultsAsync, resultError, resultText } from '@armorer/adapter-shared';
import type { ToolResult } from '@armorer/core';
import type { AnthropicToolResultBlock } from '../types';

function toBlock(result: ToolResult): AnthropicToolResultBlock {
  const success = result.outcome === 'success';
  return {
    type: 'tool_result',
    tool_use_id: result.toolCallId ?? result.callId,
    content: success ? resultText(result.result) : resultError(result).message,
    is_error: !success,
  };
}

/**
 * Formats tool results as Anthropic `tool_result` blocks, one per call, in call order: the output as text
 * (JSON for structured values) on success; the error message with `is_error: true` otherwise. Send them
 * as the content of the next user message. Throws for results that still hold a live stream: use
 * {@link formatAnthropicToolResultsAsync}.
 *
 * @example
 * ```ts
 * messages.push({ role: 'assistant', content: message.content });
 * messages.push({ role: 'user', content: formatAnthropicToolResults(results) });
 * ```
 */
export function formatAnthropicToolResults(
  results: readonly ToolResult[] | ToolResult,
): AnthropicToolResultBlock[] {
  return formatResults(results, 'formatAnthropicToolResults', 'formatAnthropicToolResultsAsync', toBlock);
}

/**
 * Like {@link formatAnthropicToolResults}, but first awaits the live streams of calls executed with
 * `{ stream: true }` (a stream that fails mid-way becomes a `STREAM_FAILED` error block).
 *
 * @example
 * ```ts
 * const results = await toolbox.execute(calls, { stream: true });
 * messages.push({ role: 'user', content: await formatAnthropicToolResultsAsync(results) });
 * ```
 */
export function formatAnthropicToolResultsAsync(
  results: readonly ToolResult[] | ToolResult,
): Promise<AnthropicToolResultBlock[]> {
  return formatResultsAsync(results, 'formatAnthropicToolResultsAsync', toBlock);
}
