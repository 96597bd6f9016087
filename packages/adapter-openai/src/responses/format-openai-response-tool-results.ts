import { formatResults, formatResultsAsync } from '@armorer/adapter-shared';
import type { ToolResult } from '@armorer/core';
import { toolMessageContent } from '../results/format-openai-tool-results';
import type { OpenAIFunctionCallOutput } from './types';

function toOutput(result: ToolResult): OpenAIFunctionCallOutput {
  return {
    type: 'function_call_output',
    call_id: result.toolCallId ?? result.callId,
    output: toolMessageContent(result),
  };
}

/**
 * Formats tool results as `function_call_output` input items for the next `responses.create`, one per call,
 * in call order: the output as text (JSON for structured values) on success,
 * `{"error":{category,code,message,retryable,details}}` otherwise. Throws for results that still hold a live
 * stream: use {@link formatOpenAIResponseToolResultsAsync}.
 *
 * @example
 * ```ts
 * const next = await openai.responses.create({
 *   model: 'gpt-5',
 *   previous_response_id: response.id,
 *   input: formatOpenAIResponseToolResults(results),
 *   tools,
 * });
 * ```
 */
export function formatOpenAIResponseToolResults(
  results: readonly ToolResult[] | ToolResult,
): OpenAIFunctionCallOutput[] {
  return formatResults(
    results,
    'formatOpenAIResponseToolResults',
    'formatOpenAIResponseToolResultsAsync',
    toOutput,
  );
}

/**
 * Like {@link formatOpenAIResponseToolResults}, but first awaits the live streams of calls executed with
 * `{ stream: true }` (a stream that fails mid-way becomes a `STREAM_FAILED` error output).
 *
 * @example
 * ```ts
 * const results = await toolbox.execute(calls, { stream: true });
 * input.push(...(await formatOpenAIResponseToolResultsAsync(results)));
 * ```
 */
export function formatOpenAIResponseToolResultsAsync(
  results: readonly ToolResult[] | ToolResult,
): Promise<OpenAIFunctionCallOutput[]> {
  return formatResultsAsync(results, 'formatOpenAIResponseToolResultsAsync', toOutput);
}
