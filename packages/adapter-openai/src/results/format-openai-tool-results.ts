import {
  errorData,
  formatResults,
  formatResultsAsync,
  resultError,
  resultText,
} from '@armorer/adapter-shared';
import type { ToolResult } from '@armorer/core';
import type { OpenAIToolMessage } from '../types';

/** What the model reads of a result: the output as text, or the structured error as JSON text. */
export function toolMessageContent(result: ToolResult): string {
  return result.outcome === 'success'
    ? resultText(result.result)
    : resultText(errorData(resultError(result)));
}

function toMessage(result: ToolResult): OpenAIToolMessage {
  return {
    role: 'tool',
    tool_call_id: result.toolCallId ?? result.callId,
    content: toolMessageContent(result),
  };
}

/**
 * Formats tool results as Chat Completions tool messages, one per call, in call order: the output as
 * text (JSON for structured values) on success, `{"error":{category,code,message,retryable,details}}`
 * otherwise. Throws for results that still hold a live stream: use {@link formatOpenAIToolResultsAsync}.
 *
 * @example
 * ```ts
 * messages.push(completion.choices[0].message, ...formatOpenAIToolResults(results));
 * ```
 */
export function formatOpenAIToolResults(results: readonly ToolResult[] | ToolResult): OpenAIToolMessage[] {
  return formatResults(results, 'formatOpenAIToolResults', 'formatOpenAIToolResultsAsync', toMessage);
}

/**
 * Like {@link formatOpenAIToolResults}, but first awaits the live streams of calls executed with
 * `{ stream: true }` (a stream that fails mid-way becomes a `STREAM_FAILED` error message).
 *
 * @example
 * ```ts
 * const results = await toolbox.execute(calls, { stream: true });
 * messages.push(...(await formatOpenAIToolResultsAsync(results)));
 * ```
 */
export function formatOpenAIToolResultsAsync(
  results: readonly ToolResult[] | ToolResult,
): Promise<OpenAIToolMessage[]> {
  return formatResultsAsync(results, 'formatOpenAIToolResultsAsync', toMessage);
}
