import { checkLimit, checkText } from '../limits';

/**
 * True for a UTF-16 high (leading) surrogate code unit, `0xD800`–`0xDBFF`.
 *
 * @example
 * ```ts
 * isHighSurrogate('😀'.charCodeAt(0)); // true
 * ```
 */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * True for a UTF-16 low (trailing) surrogate code unit, `0xDC00`–`0xDFFF`.
 *
 * @example
 * ```ts
 * isLowSurrogate('😀'.charCodeAt(1)); // true
 * ```
 */
export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The longest prefix of `text` of at most `maxLength` UTF-16 code units that does not split a surrogate
 * pair: when the cut would fall inside a pair, the whole pair is left out.
 *
 * @example
 * ```ts
 * safeSlice('ab😀', 3); // 'ab' ('ab' plus half an emoji would be malformed)
 * safeSlice('ab😀', 4); // 'ab😀'
 * ```
 */
export function safeSlice(text: string, maxLength: number): string {
  checkText('safeSlice()', text);
  const max = checkLimit('maxLength', maxLength);
  if (text.length <= max) return text;
  return text.slice(0, prefixEnd(text, max));
}

/** End index of a prefix of at most `max` units that does not split a pair (`max < text.length`). */
export function prefixEnd(text: string, max: number): number {
  return max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) && isLowSurrogate(text.charCodeAt(max))
    ? max - 1
    : max;
}

/** Start index of a suffix of at most `max` units that does not split a pair (`max < text.length`). */
export function suffixStart(text: string, max: number): number {
  const start = text.length - max;
  return start < text.length &&
    isLowSurrogate(text.charCodeAt(start)) &&
    isHighSurrogate(text.charCodeAt(start - 1))
    ? start + 1
    : start;
}
