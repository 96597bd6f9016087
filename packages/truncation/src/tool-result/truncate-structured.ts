import { DEFAULT_MAX_CHARACTERS } from '../constants';
import { checkLimit, checkText } from '../limits';
import type { StructuredToolResultTruncation, StructuredToolResultTruncationOptions } from '../types';
import { replaceBase64 } from './truncate-tool-result-content';
import { headByBytes, tailByBytes, utf8Length } from './utf8';

/**
 * A head-and-tail excerpt of a large tool output, for outputs stored elsewhere: base64 payloads are
 * replaced first, then, when the UTF-8 size exceeds `maxBytes`, the first `headBytes` and last
 * `tailBytes` are kept (neither splits a surrogate pair) and the bytes in between are counted.
 *
 * @example
 * ```ts
 * const excerpt = truncateToolResultContentStructured(toolOutput, { maxBytes: 8000 });
 * if (excerpt.truncated) {
 *   console.log(`${excerpt.head}\n... omitted ${excerpt.omittedBytes} bytes ...\n${excerpt.tail}`);
 * }
 * ```
 */
export function truncateToolResultContentStructured(
  content: string,
  options?: StructuredToolResultTruncationOptions,
): StructuredToolResultTruncation {
  checkText('truncateToolResultContentStructured()', content);
  const maxBytes = checkLimit('maxBytes', options?.maxBytes ?? DEFAULT_MAX_CHARACTERS);
  const requestedHead =
    options?.headBytes === undefined ? undefined : checkLimit('headBytes', options.headBytes);
  const requestedTail =
    options?.tailBytes === undefined ? undefined : checkLimit('tailBytes', options.tailBytes);
  const text = replaceBase64(content, options?.stripBase64, options?.base64Placeholder);
  const originalSize = utf8Length(text);
  if (originalSize <= maxBytes) {
    return { head: text, tail: '', originalSize, omittedBytes: 0, truncated: false };
  }
  const headBudget = Math.min(maxBytes, requestedHead ?? Math.ceil(maxBytes / 2));
  const tailBudget = Math.min(maxBytes - headBudget, requestedTail ?? maxBytes);
  const head = headByBytes(text, headBudget);
  const tail = tailByBytes(text, tailBudget);
  const omittedBytes = originalSize - utf8Length(head) - utf8Length(tail);
  return { head, tail, originalSize, omittedBytes, truncated: true };
}
