import { stem } from './stem';
import { isStopword } from './stopwords';
import { tokenize } from './tokenize';

/** Word -> its term, or `null` for a stopword: one lookup per word instead of two. */
const terms = new Map<string, string | null>();
const analyzed = new Map<string, readonly string[]>();
const CACHE_LIMIT = 100_000;
const CACHEABLE_LENGTH = 160;

/** The term of a word, or `null` for a stopword. */
export function termOf(word: string): string | null {
  let term = terms.get(word);
  if (term === undefined) {
    term = isStopword(word) ? null : stem(word);
    if (terms.size >= CACHE_LIMIT) terms.clear();
    terms.set(word, term);
  }
  return term;
}

/**
 * The terms a text is indexed and searched by: {@link tokenize}d words without stopwords, stemmed.
 *
 * @example
 * ```ts
 * analyze('Creates the GitHub issues'); // ['creat', 'git', 'hub', 'github', 'issu']
 * ```
 */
export function analyze(text: string): string[] {
  const words = tokenize(text);
  let kept = 0;
  for (const word of words) {
    const term = termOf(word);
    if (term !== null) words[kept++] = term;
  }
  words.length = kept;
  return words;
}

/**
 * {@link analyze} for short texts that recur across tools (tags, parameter names and descriptions, metadata
 * keys), memoized. The result must not be modified.
 */
export function analyzeShared(text: string): readonly string[] {
  if (text.length > CACHEABLE_LENGTH) return analyze(text);
  let result = analyzed.get(text);
  if (result === undefined) {
    result = analyze(text);
    if (analyzed.size >= CACHE_LIMIT) analyzed.clear();
    analyzed.set(text, result);
  }
  return result;
}
