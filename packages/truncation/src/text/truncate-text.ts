import { checkLimit, checkText } from '../limits';
import type { TruncationOptions } from '../types';
import { prefixEnd } from './surrogates';

/** The default marker, naming how many characters were left out. */
export function defaultMarker(omitted: number): string {
  return `\n…[${omitted} more characters truncated]`;
}

/**
 * Cuts `text` to at most `maxCharacters` UTF-16 code units, marker included, without splitting a
 * surrogate pair. Text within the budget is returned unchanged. When the budget cannot hold the marker,
 * the result is the longest safe prefix without one.
 *
 * @example
 * ```ts
 * truncateText('a'.repeat(100), 40); // 'aaaa…' followed by '\n…[N more characters truncated]', 40 long
 * truncateText('short', 40); // 'short'
 * truncateText('a'.repeat(100), 20, { marker: ' [cut]' }); // 14 × 'a' + ' [cut]'
 * ```
 */
export function truncateText(text: string, maxCharacters: number, options?: TruncationOptions): string {
  checkText('truncateText()', text);
  const max = checkLimit('maxCharacters', maxCharacters);
  if (text.length <= max) return text;
  const custom = options?.marker;
  if (custom !== undefined) checkText('The marker option', custom);
  // The default marker's length depends on the count it names; size it for the largest possible count.
  const reserved = custom === undefined ? defaultMarker(text.length).length : custom.length;
  if (max <= reserved) return text.slice(0, prefixEnd(text, max));
  let end = prefixEnd(text, max - reserved);
  if (custom !== undefined) return text.slice(0, end) + custom;
  let marker = defaultMarker(text.length - end);
  if (marker.length < reserved) {
    // The count has fewer digits than reserved for: give the spare characters back to the text.
    const longer = prefixEnd(text, max - marker.length);
    const refined = defaultMarker(text.length - longer);
    if (longer + refined.length <= max) {
      end = longer;
      marker = refined;
    }
  }
  return text.slice(0, end) + marker;
}
