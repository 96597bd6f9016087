import {
  errorData,
  formatResults,
  formatResultsAsync,
  providerToolName,
  resultData,
  resultError,
} from '@armorer/adapter-shared';
import type { ToolResult } from '@armorer/core';
import { SYNTHETIC_ID_PREFIX } from '../calls/call-ids';
import type { GeminiFunctionResponsePart } from '../types';

function toPart(result: ToolResult): GeminiFunctionResponsePart {
  const response =
    result.outcome === 'success' ? { output: resultData(result.result) } : errorData(resultError(result));
  const id = result.toolCallId ?? result.callId;
  const name = providerToolName('gemini', result.toolName);
  return {
    functionResponse: id.startsWith(SYNTHETIC_ID_PREFIX) ? { name, response } : { id, name, response },
  };
}

/**
 * Formats tool results as Gemini `functionResponse` parts, one per call, in call order: `{ output }`
 * holding the result (structured values as JSON data) on success, `{ error: { category, code, message,
 * retryable, details } }` otherwise. Send them as the parts of the next `user` content. Throws for
 * results that still hold a live stream: use {@link formatGeminiToolResultsAsync}.
 *
 * @example
 * ```ts
 * contents.push(response.candidates[0].content, { role: 'user', parts: formatGeminiToolResults(results) });
 * ```
 */
export function formatGeminiToolResults(
  results: readonly ToolResult[] | ToolResult,
): GeminiFunctionResponsePart[] {
  return formatResults(results, 'formatGeminiToolResults', 'formatGeminiToolResultsAsync', toPart);
}

/**
 * Like {@link formatGeminiToolResults}, but first awaits the live streams of calls executed with
 * `{ stream: true }` (a stream that fails mid-way becomes a `STREAM_FAILED` error response).
 *
 * @example
 * ```ts
 * const results = await toolbox.execute(calls, { stream: true });
 * contents.push({ role: 'user', parts: await formatGeminiToolResultsAsync(results) });
 * ```
 */
export function formatGeminiToolResultsAsync(
  results: readonly ToolResult[] | ToolResult,
): Promise<GeminiFunctionResponsePart[]> {
  return formatResultsAsync(results, 'formatGeminiToolResultsAsync', toPart);
}
