/**
 * Folding text to the "skeleton" a reader sees, so that imitation fence markers are found however they
 * are disguised: compatibility forms (full-width, mathematical bold, ligatures, circled letters) and
 * accents are decomposed (NFKD), default-ignorable code points (zero-width characters, bidi controls, tag
 * characters, variation selectors, fillers) vanish, common Cyrillic and Greek look-alikes become the
 * Latin letters they imitate, case is folded, and everything that is not a letter or digit (spacing,
 * punctuation, separators of any script and any length) is dropped.
 */

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const IGNORABLES = /\p{Default_Ignorable_Code_Point}+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
const NOT_ASCII_LETTER_OR_DIGIT = /[^A-Z0-9]+/g;
const NON_ASCII = /[^\t\n\r\u0020-\u007e]/;

/** Cyrillic and Greek letters that render like Latin ones (Unicode confusables, the common subset). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ү: 'Y',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  а: 'a',
  с: 'c',
  е: 'e',
  і: 'i',
  ј: 'j',
  о: 'o',
  р: 'p',
  ѕ: 's',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ո: 'n',
  ս: 'u',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  τ: 't',
  υ: 'u',
  ρ: 'p',
  α: 'a',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** The skeleton of a text, without positions: for a quick "is there anything to look at" test. */
export function skeletonOf(text: string): string {
  // ASCII needs no decomposition, look-alike or ignorable handling, and a plain class is much faster.
  if (!NON_ASCII.test(text)) return text.toUpperCase().replace(NOT_ASCII_LETTER_OR_DIGIT, '');
  return text
    .normalize('NFKD')
    .replace(IGNORABLES, '')
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter] ?? letter)
    .toUpperCase()
    .replace(NOT_LETTER_OR_DIGIT, '');
}

/** How many skeleton characters the code point at `index` of `text` folds to. */
export function foldedLength(text: string, index: number): number {
  const code = text.codePointAt(index) as number;
  if (code < 0x80) {
    return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
      ? 1
      : 0;
  }
  let length = 0;
  for (const part of String.fromCodePoint(code).normalize('NFKD')) {
    if (IGNORABLE.test(part)) continue;
    for (const upper of (LOOK_ALIKES[part] ?? part).toUpperCase()) if (LETTER_OR_DIGIT.test(upper)) length++;
  }
  return length;
}

/**
 * For each skeleton index in `indexes` (ascending), the code units of `text` it comes from: one pass
 * over the text with the same folding as {@link skeletonOf}, ASCII at the cost of a comparison.
 */
export function locate(text: string, indexes: readonly number[]): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let next = 0;
  let skeletonIndex = 0;
  for (let index = 0; index < text.length && next < indexes.length; ) {
    const code = text.charCodeAt(index);
    const width = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
    const length = foldedLength(text, index);
    while (next < indexes.length && (indexes[next] as number) < skeletonIndex + length) {
      found.push({ start: index, end: index + width });
      next++;
    }
    skeletonIndex += length;
    index += width;
  }
  return found;
}

/**
 * Where the last `letters` skeleton characters of `text` begin (a code unit index), looking back at most
 * `limit` code units; `text.length - limit` (or 0) when there are fewer.
 */
export function lastLettersStart(text: string, letters: number, limit: number): number {
  const stop = Math.max(0, text.length - limit);
  let counted = 0;
  let index = text.length;
  while (index > stop) {
    let start = index - 1;
    const code = text.charCodeAt(start);
    if (code >= 0xdc00 && code <= 0xdfff && start > 0) {
      const high = text.charCodeAt(start - 1);
      if (high >= 0xd800 && high <= 0xdbff) start--;
    }
    counted += foldedLength(text, start);
    index = start;
    if (counted >= letters) return index;
  }
  return stop;
}

/** The skeleton form of a keyword (letters and digits, upper case). */
export function keywordSkeleton(keyword: string): string {
  return skeletonOf(keyword);
}
