import { createToolError, type ToolError, type ToolResult } from '@armorer/core';
import { ProviderAdapterError } from '../errors/provider-adapter-error';

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}

/**
 * True when a result still holds a live stream (the call used `{ stream: true }`).
 *
 * @example
 * ```ts
 * const results = await toolbox.execute(calls, { stream: true });
 * results.some(hasLiveStream); // true for tools that stream
 * ```
 */
export function hasLiveStream(result: ToolResult): boolean {
  return result.stream !== undefined || (isAsyncIterable(result.result) && !Array.isArray(result.result));
}

/**
 * Checks a formatter's input: one result or a list of them.
 *
 * @example
 * ```ts
 * const list = toResultList(resultOrResults, 'formatOpenAIToolResults');
 * ```
 */
export function toResultList(results: unknown, formatter: string): readonly ToolResult[] {
  const list = Array.isArray(results) ? results : [results];
  for (const [index, result] of list.entries()) {
    const candidate = result as Partial<ToolResult> | null;
    if (
      typeof candidate !== 'object' ||
      candidate === null ||
      typeof candidate.outcome !== 'string' ||
      typeof (candidate.toolCallId ?? candidate.callId) !== 'string'
    ) {
      throw new ProviderAdapterError({
        code: 'INVALID_RESULTS',
        message: `${formatter}(): item ${index} is not a ToolResult (from toolbox.execute()).`,
      });
    }
  }
  return list as readonly ToolResult[];
}

/**
 * Refuses live streams in a synchronous formatter, naming the asynchronous one to use instead.
 *
 * @example
 * ```ts
 * assertNoLiveStreams(results, 'formatOpenAIToolResults', 'formatOpenAIToolResultsAsync');
 * ```
 */
export function assertNoLiveStreams(
  results: readonly ToolResult[],
  formatter: string,
  asyncFormatter: string,
): void {
  for (const result of results) {
    if (hasLiveStream(result)) {
      throw new ProviderAdapterError({
        code: 'LIVE_STREAM',
        message:
          `${formatter}(): the result of call "${result.toolCallId}" (${result.toolName}) is a live stream ` +
          `(the call used { stream: true }). Use await ${asyncFormatter}(results) to collect it first.`,
      });
    }
  }
}

async function collect(result: ToolResult): Promise<ToolResult> {
  const stream = (result.stream ?? result.result) as AsyncIterable<unknown>;
  const chunks: unknown[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
  } catch (thrown) {
    const reason = thrown instanceof Error ? thrown.message : String(thrown);
    const error = createToolError(
      'STREAM_FAILED',
      `The output stream of tool "${result.toolName}" failed after ${chunks.length} chunk(s): ${reason}`,
    );
    const { stream: _stream, ...rest } = result;
    return { ...rest, outcome: 'error', result: chunks, content: error.message, error };
  }
  const { stream: _stream, ...rest } = result;
  return { ...rest, result: chunks, content: chunks };
}

/**
 * Awaits every live stream in a list of results and returns results whose `result` is the collected
 * chunks, as a call without `{ stream: true }` would have returned them. A stream that fails becomes an
 * error result (`STREAM_FAILED`) that keeps the chunks delivered before the failure.
 *
 * @example
 * ```ts
 * const collected = await collectLiveStreams(await toolbox.execute(calls, { stream: true }));
 * ```
 */
export async function collectLiveStreams(results: readonly ToolResult[]): Promise<ToolResult[]> {
  return Promise.all(results.map((result) => (hasLiveStream(result) ? collect(result) : result)));
}

function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  return value;
}

/**
 * `String(value)`, or a placeholder for values that refuse it (a null-prototype object, a throwing
 * `toString`).
 */
function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '[unserializable value]';
  }
}

/**
 * A tool's output as text for the model: strings as they are, everything else as JSON.
 *
 * @example
 * ```ts
 * resultText({ temp: 21 }); // '{"temp":21}'
 * resultText('done'); // 'done'
 * ```
 */
export function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, replacer) ?? safeString(value);
  } catch {
    return safeString(value);
  }
}

/**
 * A tool's output as JSON data (what structured provider fields such as Gemini's `response` hold).
 *
 * @example
 * ```ts
 * resultData({ at: 3n }); // { at: '3' }
 * ```
 */
export function resultData(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    const text = JSON.stringify(value, replacer);
    return text === undefined ? null : JSON.parse(text);
  } catch {
    return safeString(value);
  }
}

/**
 * The JSON form of a tool error shown to a model (the thrown cause is never included; details are made
 * JSON data as {@link resultData} does).
 *
 * @example
 * ```ts
 * errorData(result.error); // { error: { category, code, message, retryable, details } }
 * ```
 */
export function errorData(error: ToolError): { readonly error: Record<string, unknown> } {
  const data: Record<string, unknown> = {
    category: error.category,
    code: error.code,
    message: error.message,
    retryable: error.retryable,
  };
  // As JSON data: details a tool chose (bigints, cycles) must not break the message sent back.
  if (error.details !== undefined) data['details'] = resultData(error.details);
  return { error: data };
}

/**
 * The error of a result that did not succeed (one is synthesized if a result lacks it).
 *
 * @example
 * ```ts
 * const error = resultError(result); // result.error, or an EXECUTION_FAILED error
 * ```
 */
export function resultError(result: ToolResult): ToolError {
  return (
    result.error ??
    createToolError('EXECUTION_FAILED', `Tool "${result.toolName}" ended with outcome "${result.outcome}".`)
  );
}
