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
  if (isAscii(text)) splitAscii(text, out);
  else splitUnicode(foldText(text), out);
  return out;
}

function splitAscii(text: string, out: string[]): void {
  const lower = text.toLowerCase();
  let start = -1;
  let runStart = -1;
  let digits = false;
  let previous = CharKind.Other;
  for (let index = 0; index <= text.length; index++) {
    const kind = index < text.length ? kindOf(text.charCodeAt(index)) : CharKind.Other;
    if (kind === CharKind.Other) {
      if (start >= 0) {
        pushWord(text, lower, start, index, digits, out);
        // A camel-cased run is also kept whole, so `GitHub` meets `github` as well as `git` and `hub`.
        if (runStart !== start) out.push(lower.slice(runStart, index));
      }
      start = -1;
    } else {
      if (start < 0) {
        start = index;
        runStart = index;
        digits = false;
      } else if (isCaseBoundary(text, index, previous, kind)) {
        pushWord(text, lower, start, index, digits, out);
        start = index;
        digits = false;
      }
      if (kind === CharKind.Digit) digits = true;
    }
    previous = kind;
  }
}

function isCaseBoundary(text: string, index: number, previous: CharKind, kind: CharKind): boolean {
  if (kind === CharKind.Upper) {
    if (previous === CharKind.Lower || previous === CharKind.Digit) return true;
    // The last capital of an acronym starts the next word: `HTTPResponse` -> `HTTP`, `Response`.
    return previous === CharKind.Upper && kindOf(text.charCodeAt(index + 1)) === CharKind.Lower;
  }
  return false;
}

/** Pushes one camel-split word, splitting letters from digits where the letters form a real word. */
function pushWord(
  text: string,
  lower: string,
  start: number,
  end: number,
  digits: boolean,
  out: string[],
): void {
  if (!digits) {
    out.push(lower.slice(start, end));
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
      out.push(lower.slice(runStart, index));
      runStart = index;
    }
  }
  out.push(lower.slice(runStart, end));
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
      splitAscii(run, out);
    } else {
      const parts = run.split(CAMEL_BOUNDARY);
      for (const part of parts) if (part.length > 0) out.push(part.toLowerCase());
      if (parts.length > 1) out.push(run.toLowerCase());
    }
  }
}
