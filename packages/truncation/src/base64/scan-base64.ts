/** One base64 payload found in a text: `[start, end)`, with the media type of a data URL. */
export interface Base64Range {
  readonly start: number;
  readonly end: number;
  /** `image/png` for `data:image/png;base64,...`; `undefined` for a bare run or a data URL without one. */
  readonly mediaType: string | undefined;
  readonly dataUrl: boolean;
}

/** Bare runs shorter than this are left alone: hashes, ids and tokens are data a model may need. */
export const MIN_BARE_RUN = 256;
/** A line-wrapped payload (MIME, PEM) continues across a line break only after a line this long. */
const MIN_WRAPPED_LINE = 48;

const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
const SYMBOL = 8;
/** Classes of the base64 alphabets (standard `+/` and URL-safe `-_`), by char code; 0 = not base64. */
const CLASS = new Uint8Array(128);
for (let code = 65; code <= 90; code++) CLASS[code] = UPPER;
for (let code = 97; code <= 122; code++) CLASS[code] = LOWER;
for (let code = 48; code <= 57; code++) CLASS[code] = DIGIT;
for (const symbol of '+/-_') CLASS[symbol.charCodeAt(0)] = SYMBOL;

const TOKEN = '[a-z0-9!#$&^_.+-]+';
/** `data:[type/subtype][;param=value]*;base64,` (RFC 2397), matched at a given position. */
const DATA_URL_HEADER = new RegExp(`data:(${TOKEN}/${TOKEN})?(?:;${TOKEN}=[^;,\\s"'()<>]*)*;base64,`, 'iy');

function classOf(code: number): number {
  return code < 128 ? (CLASS[code] as number) : 0;
}

/**
 * Finds base64 payloads in one linear pass: data URLs (any payload length) and bare runs of at least
 * {@link MIN_BARE_RUN} base64 characters that mix upper case, lower case and digits (prose, paths and
 * hex digests do not), optionally wrapped at line breaks. Stops after `limit` ranges.
 */
export function scanBase64(text: string, limit = Number.POSITIVE_INFINITY): Base64Range[] {
  const ranges: Base64Range[] = [];
  const length = text.length;
  let index = 0;
  while (index < length && ranges.length < limit) {
    const code = text.charCodeAt(index);
    if (code === 100 || code === 68 /* d or D */) {
      const range = matchDataUrl(text, index);
      if (range !== undefined) {
        ranges.push(range);
        index = range.end;
        continue;
      }
    }
    if (classOf(code) === 0) {
      index++;
      continue;
    }
    const run = scanRun(text, index);
    if (run.end - index >= MIN_BARE_RUN && run.classes === (UPPER | LOWER | DIGIT)) {
      ranges.push({ start: index, end: run.end, mediaType: undefined, dataUrl: false });
    }
    // A "data:" inside a run is not at a boundary, so no data URL starts inside it.
    index = run.end;
  }
  return ranges;
}

function matchDataUrl(text: string, start: number): Base64Range | undefined {
  // "xdata:" is not a data URL: one starts only after a character outside the base64 alphabets.
  if (start > 0 && classOf(text.charCodeAt(start - 1)) !== 0) return undefined;
  DATA_URL_HEADER.lastIndex = start;
  const header = DATA_URL_HEADER.exec(text);
  if (header === null) return undefined;
  let end = DATA_URL_HEADER.lastIndex;
  while (end < text.length && classOf(text.charCodeAt(end)) !== 0) end++;
  while (end < text.length && text.charCodeAt(end) === 61 /* = */) end++;
  return { start, end, mediaType: header[1]?.toLowerCase(), dataUrl: true };
}

/** Scans one run of base64 characters, following line breaks after long lines, then its padding. */
function scanRun(text: string, start: number): { end: number; classes: number } {
  const length = text.length;
  let index = start;
  let classes = 0;
  for (;;) {
    const lineStart = index;
    while (index < length) {
      const kind = classOf(text.charCodeAt(index));
      if (kind === 0) break;
      classes |= kind;
      index++;
    }
    if (index - lineStart < MIN_WRAPPED_LINE) break;
    const breakLength = lineBreakAt(text, index);
    if (breakLength === 0 || classOf(text.charCodeAt(index + breakLength)) === 0) break;
    index += breakLength;
  }
  let padding = 0;
  while (padding < 2 && text.charCodeAt(index) === 61 /* = */) {
    index++;
    padding++;
  }
  return { end: index, classes: classes & (UPPER | LOWER | DIGIT) };
}

function lineBreakAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === 10) return 1;
  if (code === 13) return text.charCodeAt(index + 1) === 10 ? 2 : 1;
  return 0;
}
