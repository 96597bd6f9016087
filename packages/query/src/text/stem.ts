const VOWEL = /[aeiouy]/;
const cache = new Map<string, string>();
const CACHE_LIMIT = 100_000;
/**
 * Words whose final `s` is not a plural (the invariant forms of the Porter2 stemmer): `news` must not meet
 * `new` (`New York`), nor `bias` meet `bia`.
 */
const INVARIANT = new Set(['news', 'atlas', 'cosmos', 'bias', 'andes']);
/**
 * Function words that queries keep (negations and particles, see `isStopword`): a stem never becomes one, so
 * `note` does not meet the `not` of "it should not exceed".
 */
const KEPT_FUNCTION_WORDS = new Set(['not', 'no', 'on', 'off', 'up', 'out', 'down']);

/**
 * A light English stemmer: plurals, `-ing`, `-ed` and a final `-e` are removed so that the inflections of a
 * word meet (`creates`, `created`, `creating`, `create` -> `creat`; `queries` -> `queri`; `matches`,
 * `match` -> `match`). Deliberately conservative: it never removes derivational suffixes, which the
 * ranking handles with prefix matching instead. Only lowercase ASCII words of four letters or more change.
 */
export function stem(word: string): string {
  if (word.length < 4) return word;
  const cached = cache.get(word);
  if (cached !== undefined) return cached;
  const result = /^[a-z]+$/.test(word) && !INVARIANT.has(word) ? stemWord(word) : word;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, result);
  return result;
}

function stemWord(input: string): string {
  let word = input;
  if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1);

  if (word.endsWith('ing') && hasVowel(word, 3)) word = undouble(word.slice(0, -3));
  else if (endsWithEd(word)) word = undouble(word.slice(0, -2));
  // `embedding` -> `embed` must meet `embed` -> `emb`.
  if (endsWithEd(word)) word = word.slice(0, -2);

  if (
    word.length > 3 &&
    word.endsWith('e') &&
    !word.endsWith('ee') &&
    !KEPT_FUNCTION_WORDS.has(word.slice(0, -1))
  )
    word = word.slice(0, -1);
  // A final `y` after a consonant is written `i` (Porter's step 1c): `calories` (`calory`) meets `calorie`
  // (`calori`), `movies` meets `movie`, `city` meets `cities`.
  if (word.length > 3 && word.endsWith('y') && !VOWEL.test(word.charAt(word.length - 2)))
    word = `${word.slice(0, -1)}i`;
  return word;
}

/** `-ed` as a suffix: not `-eed` (`need`, `proceed`), with a stem that can stand alone. */
function endsWithEd(word: string): boolean {
  return word.endsWith('ed') && !word.endsWith('eed') && hasVowel(word, 2);
}

/** The word without its last `suffixLength` letters is at least three letters and has a vowel. */
function hasVowel(word: string, suffixLength: number): boolean {
  const rest = word.slice(0, -suffixLength);
  return rest.length >= 3 && VOWEL.test(rest);
}

function undouble(word: string): string {
  const last = word.charAt(word.length - 1);
  if (word.length > 3 && last === word.charAt(word.length - 2) && !/[lsz]/.test(last) && !VOWEL.test(last)) {
    return word.slice(0, -1);
  }
  return word;
}
