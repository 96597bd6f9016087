import { isHighSurrogate, isLowSurrogate } from '../text/surrogates';

/** UTF-8 size of the code point at `index` and how many UTF-16 units it spans (lone surrogates: U+FFFD). */
function step(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) return 4;
  return 3;
}

/**
 * UTF-8 byte length of a string without encoding it. A lone surrogate counts 3 bytes, as `TextEncoder`
 * encodes it to U+FFFD.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const size = step(text, index);
    bytes += size;
    if (size === 4) index++;
  }
  return bytes;
}

/** The longest prefix whose UTF-8 size fits `budget`, never splitting a surrogate pair. */
export function headByBytes(text: string, budget: number): string {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const size = step(text, index);
    if (bytes + size > budget) break;
    bytes += size;
    index += size === 4 ? 2 : 1;
  }
  return text.slice(0, index);
}

/** The longest suffix whose UTF-8 size fits `budget`, never splitting a surrogate pair. */
export function tailByBytes(text: string, budget: number): string {
  let bytes = 0;
  let start = text.length;
  while (start > 0) {
    const last = start - 1;
    const pair =
      isLowSurrogate(text.charCodeAt(last)) && last > 0 && isHighSurrogate(text.charCodeAt(last - 1));
    const size = pair ? 4 : step(text, last);
    if (bytes + size > budget) break;
    bytes += size;
    start -= pair ? 2 : 1;
  }
  return text.slice(start);
}
