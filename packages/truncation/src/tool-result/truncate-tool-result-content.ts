import { containsBase64Data, stripBase64Data } from '../base64/base64';
import { DEFAULT_ERROR_MAX_CHARACTERS, DEFAULT_MAX_CHARACTERS } from '../constants';
import { checkLimit, checkText } from '../limits';
import { truncateText } from '../text/truncate-text';
import type { ToolResultTruncationOptions } from '../types';

/**
 * Prepares a tool result's text for a model: replaces base64 payloads with a short note, then cuts the
 * text to `maxCharacters` (or `errorMaxCharacters` for an error message) with a marker, never splitting a
 * surrogate pair.
 *
 * @example
 * ```ts
 * const truncated = truncateToolResultContent(longResult, { maxCharacters: 4000, isError: false });
 * truncated.length <= 4000; // true
 * truncateToolResultContent(errorMessage, { isError: true }); // at most DEFAULT_ERROR_MAX_CHARACTERS
 * ```
 */
export function truncateToolResultContent(content: string, options?: ToolResultTruncationOptions): string {
  checkText('truncateToolResultContent()', content);
  const max = options?.isError
    ? checkLimit('errorMaxCharacters', options.errorMaxCharacters ?? DEFAULT_ERROR_MAX_CHARACTERS)
    : checkLimit('maxCharacters', options?.maxCharacters ?? DEFAULT_MAX_CHARACTERS);
  const text = replaceBase64(content, options?.stripBase64, options?.base64Placeholder);
  return truncateText(text, max, options?.marker === undefined ? undefined : { marker: options.marker });
}

/** Strips base64 payloads unless disabled. */
export function replaceBase64(
  content: string,
  strip: boolean | undefined,
  placeholder: string | undefined,
): string {
  if (strip === false || !containsBase64Data(content)) return content;
  return stripBase64Data(content, placeholder);
}
