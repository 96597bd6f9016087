import { DEFAULT_MAX_CHARACTERS } from '../constants';
import { checkLimit, checkText } from '../limits';
import { prefixEnd } from '../text/surrogates';
import type { ToolResultTruncationOptions } from '../types';

/**
 * Wraps a stream so that it yields chunks until `maxCharacters` have passed, then the marker, then stops
 * (closing the source, so its producer can clean up). String chunks count their length and the chunk
 * that crosses the limit is cut without splitting a surrogate pair; other chunks count the length of
 * their JSON form (bytes for binary chunks) and are yielded whole or not at all. A stream that ends
 * within the limit passes through unchanged, without a marker.
 *
 * @example
 * ```ts
 * async function* tokens() {
 *   for (let index = 0; index < 1000; index++) yield `token-${index} `;
 * }
 * for await (const chunk of createTruncatingAsyncIterable(tokens(), { maxCharacters: 100 })) {
 *   process.stdout.write(chunk);
 * }
 * // 100 characters of tokens, then '\n…[truncated: the output exceeded 100 characters]'
 * ```
 */
export function createTruncatingAsyncIterable<T>(
  source: AsyncIterable<T>,
  options?: Pick<ToolResultTruncationOptions, 'maxCharacters' | 'marker'>,
): AsyncIterable<T | string> {
  if (
    typeof source !== 'object' ||
    source === null ||
    typeof (source as Partial<AsyncIterable<T>>)[Symbol.asyncIterator] !== 'function'
  ) {
    throw new TypeError('createTruncatingAsyncIterable() expects an AsyncIterable.');
  }
  const max = checkLimit('maxCharacters', options?.maxCharacters ?? DEFAULT_MAX_CHARACTERS);
  const marker =
    options?.marker === undefined
      ? `\n…[truncated: the output exceeded ${max} characters]`
      : checkText('The marker option', options.marker);
  return truncate(source, max, marker);
}

async function* truncate<T>(
  source: AsyncIterable<T>,
  max: number,
  marker: string,
): AsyncGenerator<T | string> {
  let used = 0;
  // Returning from inside for-await closes the source iterator.
  for await (const chunk of source) {
    const size = sizeOf(chunk);
    if (used + size <= max) {
      used += size;
      yield chunk;
      continue;
    }
    const remaining = max - used;
    if (typeof chunk === 'string' && remaining > 0) {
      const end = prefixEnd(chunk, remaining);
      if (end > 0) yield chunk.slice(0, end);
    }
    yield marker;
    return;
  }
}

function sizeOf(chunk: unknown): number {
  if (typeof chunk === 'string') return chunk.length;
  if (ArrayBuffer.isView(chunk)) return chunk.byteLength;
  if (chunk instanceof ArrayBuffer) return chunk.byteLength;
  try {
    const json = JSON.stringify(chunk);
    if (typeof json === 'string') return json.length;
  } catch {
    // Circular structures and BigInts have no JSON form; fall back to their string form.
  }
  try {
    return String(chunk).length;
  } catch {
    return 0;
  }
}
