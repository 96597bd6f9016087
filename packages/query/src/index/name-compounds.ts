import { isStopword } from '../text/stopwords';
import { FIELD_BITS, type SearchIndex } from './search-index';

const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Name words shorter than this are never read as compounds. */
const MIN_COMPOUND_LENGTH = 7;
/** Compounds longer than this are left whole (the split is quadratic in the length). */
const MAX_COMPOUND_LENGTH = 40;
/** The shortest part a compound is split into (stopwords such as `by` and `of` aside). */
const MIN_PART_LENGTH = 3;

interface Compounds {
  /** Term of a part -> the tools whose names hold a compound with that part, in index order. */
  readonly parts: Map<string, number[]>;
  /** Compound word -> its content parts' terms (empty when it is not a compound). */
  readonly splits: Map<string, readonly string[]>;
  /** How many tools have been read. */
  done: number;
}

const cache = new WeakMap<SearchIndex, Compounds>();

/**
 * Name words written together in lowercase (`getrandompassword`, `leaguenextmatches`, `getuserbyname`),
 * read as the words they are made of: a request for a "random password" then meets the name of
 * `getrandompassword_for_random_chunk_api` as it meets `get_random_password`. A name word is a compound when
 * it is written in lowercase letters in the name itself (camelCase runs are split already), occurs in no
 * tool's description (so it is not an English word of the catalog) and splits entirely into words of the
 * index (at least {@link MIN_PART_LENGTH} letters, or stopwords inside it), in the fewest parts. Returns part term -> tools; built on first use by relevance ranking (no
 * cost for indexing or other queries) and extended after additions.
 */
export function nameCompounds(index: SearchIndex): ReadonlyMap<string, readonly number[]> {
  let compounds = cache.get(index);
  if (compounds === undefined) {
    compounds = { parts: new Map(), splits: new Map(), done: 0 };
    cache.set(index, compounds);
  }
  for (let doc = compounds.done; doc < index.size; doc++) {
    const tool = index.tools[doc];
    if (tool === undefined) continue;
    const name = tool.name;
    // Runs of lowercase letters between non-letters (a camelCase run is split by the tokenizer already).
    let start = 0;
    for (let at = 0; at <= name.length; at++) {
      const code = at < name.length ? name.charCodeAt(at) : 0;
      if (code >= 97 && code <= 122) continue;
      const isLetter = code >= 65 && code <= 90;
      const length = at - start;
      const word =
        length >= MIN_COMPOUND_LENGTH &&
        length <= MAX_COMPOUND_LENGTH &&
        !isLetter &&
        !startsAfterLetter(name, start)
          ? name.slice(start, at)
          : undefined;
      start = at + 1;
      if (word === undefined) continue;
      let parts = compounds.splits.get(word);
      if (parts === undefined) {
        parts = splitCompound(index, word);
        compounds.splits.set(word, parts);
      }
      for (const part of parts) {
        const docs = compounds.parts.get(part);
        if (docs === undefined) compounds.parts.set(part, [doc]);
        else if (docs[docs.length - 1] !== doc) docs.push(doc);
      }
    }
  }
  compounds.done = index.size;
  return compounds.parts;
}

function startsAfterLetter(name: string, start: number): boolean {
  if (start === 0) return false;
  const code = name.charCodeAt(start - 1);
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The content terms of a compound name word, or none when the word is not one (see {@link nameCompounds}). */
function splitCompound(index: SearchIndex, word: string): readonly string[] {
  const term = index.termOfSurface.get(word);
  if (term === undefined || inDescriptions(index, term)) return [];
  // fewest[at]: the fewest parts that cover word[at..]; next[at]: where the first of them ends.
  const length = word.length;
  const fewest = new Int32Array(length + 1).fill(-1);
  const next = new Int32Array(length + 1);
  fewest[length] = 0;
  for (let start = length - 1; start >= 0; start--) {
    // Longer parts first: `password` before `pass` + `word`.
    for (let end = length; end > start; end--) {
      if (start === 0 && end === length) continue;
      const rest = fewest[end] as number;
      if (rest < 0) continue;
      const part = word.slice(start, end);
      if (!isPart(index, part, start === 0 || end === length)) continue;
      if ((fewest[start] as number) < 0 || rest + 1 < (fewest[start] as number)) {
        fewest[start] = rest + 1;
        next[start] = end;
      }
    }
  }
  if ((fewest[0] as number) < 2) return [];
  const parts: string[] = [];
  for (let start = 0; start < length; start = next[start] as number) {
    const partTerm = index.termOfSurface.get(word.slice(start, next[start] as number));
    if (partTerm !== undefined && !parts.includes(partTerm)) parts.push(partTerm);
  }
  return parts;
}

/** A part of a compound: a word of the index, or a stopword of two letters or more inside it (`by`). */
function isPart(index: SearchIndex, part: string, atEdge: boolean): boolean {
  if (isStopword(part)) return !atEdge && part.length >= 2;
  return part.length >= MIN_PART_LENGTH && index.termOfSurface.has(part);
}

/** True when some tool's description holds the term. */
function inDescriptions(index: SearchIndex, term: string): boolean {
  const postings = index.postings.get(term);
  if (postings === undefined) return false;
  for (const packed of postings.tfs) if (((packed >>> FIELD_BITS) & FIELD_MASK) !== 0) return true;
  return false;
}
