import { checkText } from '../limits';
import { type Base64Range, scanBase64 } from './scan-base64';

/**
 * True when `text` carries a base64 payload: a data URL (`data:image/png;base64,...`) or a bare run of at
 * least 256 base64 characters mixing upper case, lower case and digits (optionally line-wrapped, as in
 * MIME or PEM). Hashes, ids and short tokens are not payloads. Linear in the length of the text.
 *
 * @example
 * ```ts
 * containsBase64Data('<img src="data:image/png;base64,iVBORw0KGgo=">'); // true
 * containsBase64Data('sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'); // false
 * ```
 */
export function containsBase64Data(text: string): boolean {
  checkText('containsBase64Data()', text);
  return scanBase64(text, 1).length > 0;
}

/**
 * Replaces every base64 payload (see {@link containsBase64Data}) with `placeholder`, or by default with a
 * short note naming the payload's media type and size, so a model still knows something was there.
 *
 * @example
 * ```ts
 * stripBase64Data('logo: data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==');
 * // 'logo: [base64 image/png data omitted: 46 characters]' (the size of the whole data URL)
 * stripBase64Data(text, '[binary]'); // every payload becomes '[binary]'
 * ```
 */
export function stripBase64Data(text: string, placeholder?: string): string {
  checkText('stripBase64Data()', text);
  if (placeholder !== undefined) checkText('The base64 placeholder', placeholder);
  const ranges = scanBase64(text);
  if (ranges.length === 0) return text;
  let result = '';
  let position = 0;
  for (const range of ranges) {
    result += text.slice(position, range.start) + (placeholder ?? describeRange(range));
    position = range.end;
  }
  return result + text.slice(position);
}

function describeRange(range: Base64Range): string {
  const type = range.mediaType === undefined ? '' : `${range.mediaType} `;
  return `[base64 ${type}data omitted: ${range.end - range.start} characters]`;
}
