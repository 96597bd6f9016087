import type { ToolResult } from '@armorer/core';
import { assertNoLiveStreams, collectLiveStreams, toResultList } from './result-content';

/**
 * The body of a provider's synchronous result formatter: checks the input (one result or a list),
 * refuses live streams (naming `asyncFormatter`, the formatter that collects them) and formats each
 * result, in call order.
 *
 * @example
 * ```ts
 * formatResults(results, 'formatOpenAIToolResults', 'formatOpenAIToolResultsAsync', toMessage);
 * ```
 */
export function formatResults<TItem>(
  results: unknown,
  formatter: string,
  asyncFormatter: string,
  format: (result: ToolResult) => TItem,
): TItem[] {
  const list = toResultList(results, formatter);
  assertNoLiveStreams(list, formatter, asyncFormatter);
  return list.map(format);
}

/**
 * The body of a provider's asynchronous result formatter: checks the input, awaits live streams
 * (see {@link collectLiveStreams}) and formats each result, in call order.
 *
 * @example
 * ```ts
 * await formatResultsAsync(results, 'formatOpenAIToolResultsAsync', toMessage);
 * ```
 */
export async function formatResultsAsync<TItem>(
  results: unknown,
  formatter: string,
  format: (result: ToolResult) => TItem,
): Promise<TItem[]> {
  const list = await collectLiveStreams(toResultList(results, formatter));
  return list.map(format);
}
