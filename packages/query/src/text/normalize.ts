const LATIN_MARKS = /(\p{Script=Latin})\p{M}+/gu;

/** True when the text needs the Unicode path (normalization, segmentation). */
export function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 127) return false;
  return true;
}

/**
 * Compatibility-normalizes text (full-width forms become ASCII, ligatures split) and folds the diacritics
 * of Latin letters (`café` -> `cafe`), leaving the marks of other scripts (Thai vowels, kana voicing) intact.
 */
export function foldText(text: string): string {
  if (isAscii(text)) return text;
  return text.normalize('NFKD').replace(LATIN_MARKS, '$1').normalize('NFC');
}
