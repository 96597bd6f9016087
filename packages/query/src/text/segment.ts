import { isAscii } from './normalize';

const HAN_OR_KANA = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;

let segmenter: Intl.Segmenter | null | undefined;

function getSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;
  }
  return segmenter;
}

/**
 * Words of a run written without spaces. Dictionary segmentation (`Intl.Segmenter`) finds the words; Chinese
 * and Japanese words longer than two characters also contribute their character bigrams, so `电子邮件` still
 * meets `邮件` when the segmenter cut the two texts differently. Without `Intl.Segmenter`, bigrams alone.
 */
export function segmentWords(run: string, out: string[]): void {
  const words = getSegmenter();
  if (words === null) {
    pushBigrams(run.toLowerCase(), out, true);
    return;
  }
  for (const part of words.segment(run)) {
    if (part.isWordLike !== true) continue;
    const word = part.segment.toLowerCase();
    if (isAscii(word)) {
      out.push(word);
      continue;
    }
    out.push(word);
    if (word.length > 2 && HAN_OR_KANA.test(word)) pushBigrams(word, out, false);
  }
}

function pushBigrams(word: string, out: string[], includeShort: boolean): void {
  const chars = Array.from(word);
  if (chars.length < 2) {
    if (includeShort && chars.length === 1) out.push(word);
    return;
  }
  for (let index = 0; index + 1 < chars.length; index++) out.push(`${chars[index]}${chars[index + 1]}`);
}
