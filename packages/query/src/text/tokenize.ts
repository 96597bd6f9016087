import { foldText, isAscii } from './normalize';
import { segmentWords } from './segment';

enum CharKind {
  Other = 0,
  Lower = 1,
  Upper = 2,
  Digit = 3,
}

function kindOf(code: number): CharKind {
  if (code >= 97 && code <= 122) return CharKind.Lower;
  if (code >= 65 && code <= 90) return CharKind.Upper;
  if (code >= 48 && code <= 57) return CharKind.Digit;
  return CharKind.Other;
}

/**
 * Splits text into lowercase words: at separators (spaces, punctuation, `_`, `-`, `.`, `/`), at camelCase and
 * PascalCase boundaries (`getHTTPResponse` -> `get http response`), and between letters and digits when the
 * letters form a word of three letters or more (`side1` -> `side 1`, but `s3`, `ec2`, `k8s` stay whole).
 * Text in scripts written without spaces (Chinese, Japanese, Thai, ...) is split into words with
 * `Intl.Segmenter`. Latin diacritics are folded, full-width forms normalized. A camel-cased word is also
 * kept whole (`GitHub` -> `git hub github`).
 *
 * @example
 * ```ts
 * tokenize('math.triangle_area-heronFormula'); // ['math', 'triangle', 'area', 'heron', 'formula']
 * ```
 */
export function tokenize(text: string, out: string[] = []): string[] {
  const count = asciiWordSpans(text);
  if (count >= 0) pushSpans(text, count, out);
  else splitUnicode(foldText(text), out);
  return out;
}

/** Word boundaries of the last {@link asciiWordSpans} call, as start and end offsets in pairs. */
let spans = new Int32Array(256);
let spanCount = 0;

/**
 * The words of an ASCII text as offsets into it, without making a string per word (the search index reads
 * them straight from the text): returns the number of words (their bounds are `wordSpans()[2 * i]` and
 * `[2 * i + 1]`, in {@link tokenize}'s order, to be lowercased), or -1 when the text is not all ASCII. The
 * buffer is reused by the next call.
 */
export function asciiWordSpans(text: string): number {
  spanCount = 0;
  let start = -1;
  let runStart = -1;
  let digits = false;
  let previous = CharKind.Other;
  for (let index = 0; index <= text.length; index++) {
    let kind = CharKind.Other;
    if (index < text.length) {
      const code = text.charCodeAt(index);
      if (code > 127) return -1;
      kind = kindOf(code);
    }
    if (kind === CharKind.Other) {
      if (start >= 0) {
        spanWord(text, start, index, digits);
        // A camel-cased run is also kept whole, so `GitHub` meets `github` as well as `git` and `hub`.
        if (runStart !== start) addSpan(runStart, index);
      }
      start = -1;
    } else {
      if (start < 0) {
        start = index;
        runStart = index;
        digits = false;
      } else if (isCaseBoundary(text, index, previous, kind)) {
        spanWord(text, start, index, digits);
        start = index;
        digits = false;
      }
      if (kind === CharKind.Digit) digits = true;
    }
    previous = kind;
  }
  return spanCount;
}

/** The buffer of {@link asciiWordSpans} (valid until its next call). */
export function wordSpans(): Int32Array {
  return spans;
}

function addSpan(start: number, end: number): void {
  const at = spanCount * 2;
  if (at + 2 > spans.length) {
    const grown = new Int32Array(spans.length * 2);
    grown.set(spans);
    spans = grown;
  }
  spans[at] = start;
  spans[at + 1] = end;
  spanCount++;
}

function pushSpans(text: string, count: number, out: string[]): void {
  if (count === 0) return;
  const lower = text.toLowerCase();
  for (let at = 0; at < count * 2; at += 2) out.push(lower.slice(spans[at], spans[at + 1]));
}

function isCaseBoundary(text: string, index: number, previous: CharKind, kind: CharKind): boolean {
  if (kind === CharKind.Upper) {
    if (previous === CharKind.Lower || previous === CharKind.Digit) return true;
    // The last capital of an acronym starts the next word: `HTTPResponse` -> `HTTP`, `Response`.
    return previous === CharKind.Upper && kindOf(text.charCodeAt(index + 1)) === CharKind.Lower;
  }
  return false;
}

/** One camel-split word, split again between letters and digits where the letters form a real word. */
function spanWord(text: string, start: number, end: number, digits: boolean): void {
  if (!digits) {
    addSpan(start, end);
    return;
  }
  let runStart = start;
  for (let index = start + 1; index < end; index++) {
    const before = isDigitCode(text.charCodeAt(index - 1));
    const after = isDigitCode(text.charCodeAt(index));
    if (before === after) continue;
    const letters = before
      ? letterRunLength(text, index, end)
      : index - letterRunStart(text, index, runStart);
    if (letters >= 3) {
      addSpan(runStart, index);
      runStart = index;
    }
  }
  addSpan(runStart, end);
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function letterRunLength(text: string, from: number, end: number): number {
  let index = from;
  while (index < end && !isDigitCode(text.charCodeAt(index))) index++;
  return index - from;
}

function letterRunStart(text: string, before: number, floor: number): number {
  let index = before;
  while (index > floor && !isDigitCode(text.charCodeAt(index - 1))) index--;
  return index;
}

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;
const NO_SPACE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

function splitUnicode(text: string, out: string[]): void {
  for (const match of text.matchAll(WORD_RUN)) {
    const run = match[0];
    if (NO_SPACE_SCRIPT.test(run)) {
      segmentWords(run, out);
    } else if (isAscii(run)) {
      pushSpans(run, asciiWordSpans(run), out);
    } else {
      const parts = run.split(CAMEL_BOUNDARY);
      for (const part of parts) if (part.length > 0) out.push(part.toLowerCase());
      if (parts.length > 1) out.push(run.toLowerCase());
    }
  }
}
