import { synonymsOf } from '../text/synonyms';
import type { QueryTerm } from './query-terms';
import type { SearchIndex } from './search-index';
import type { TermCandidate } from './vocabulary';

/**
 * How the words of a text query meet the words of a tool:
 * - `contains`: a query word is part of a tool word (`weath` meets `weather`); inflections meet too.
 * - `exact`: whole words only, letter for letter (case and accents aside).
 * - `fuzzy`: words within the `threshold` similarity: inflections, prefixes and typos (`wether`).
 * - `relevance`: words meet by stem and, with a lower weight, by near-synonym (`contact` meets `email`); a
 *   word no tool uses falls back to typo and prefix matches. The ranking `searchTools` and the search tool use.
 */
export type TextMode = 'contains' | 'exact' | 'fuzzy' | 'relevance';

/** Weight of a related (prefix or typo) term in `relevance` mode, relative to the word itself. */
const RELATED_WEIGHT = 0.7;
const MAX_RELATED = 6;
/**
 * Word families in `relevance` mode: a word no tool uses also meets the tool words that share its first
 * {@link FAMILY_SHARE} letters, at least {@link FAMILY_MIN_STEM} (`historical` meets `history`,
 * `analysis` meets `analyze`), by the share of letters they have in common. The light stemmer leaves
 * derivations apart on purpose; this joins them only when the request's own word is missing from the tools.
 */
const FAMILY_SHARE = 0.6;
const FAMILY_MIN_STEM = 5;
/** Family words kept per shared stem (the closest in length first). */
const FAMILY_LIMIT = 4;
/** Weight of a near-synonym (`contact` for `email`) in `relevance` mode. */
const SYNONYM_WEIGHT = 0.3;

/**
 * Relevance requests with more distinct terms than this are task prose: their unknown words (names, values)
 * are matched within one edit only; two edits of a long word cost hundreds of probes, and the request's
 * other words carry it (measured on the development sets: the same recall, a third less time).
 */
export const PROSE_TERMS = 8;
/**
 * In task prose a word no tool uses is matched as a typo only from this many letters on: a shorter one is
 * almost always a plain word one edit from another (`plan` and `play`, `tell` and `cell`, `catch` and
 * `match`), not a misspelling.
 */
const PROSE_TYPO_LENGTH = 6;

/**
 * The vocabulary terms a query term stands for, each with the weight of its matches. `queryTerms` is the
 * number of distinct terms of the request (see {@link PROSE_TERMS}).
 */
export function expandTerm(
  index: SearchIndex,
  query: QueryTerm,
  mode: TextMode,
  threshold: number,
  queryTerms = 1,
): readonly TermCandidate[] {
  const { term } = query;
  const known = index.postings.has(term);
  switch (mode) {
    case 'exact':
      return known ? [{ term, similarity: 1 }] : [];
    case 'contains':
      if (term.length < 2) return known ? [{ term, similarity: 1 }] : [];
      return index.vocabulary.containing(term);
    case 'fuzzy':
      return related(index, query, threshold, known, Number.POSITIVE_INFINITY, 1, 2);
    default: {
      if (query.named === true) return known && namedMatches(index, query) ? [{ term, similarity: 1 }] : [];
      const found = known
        ? [{ term, similarity: 1 }]
        : related(
            index,
            query,
            0.5,
            false,
            MAX_RELATED,
            RELATED_WEIGHT,
            queryTerms <= PROSE_TERMS ? 2 : query.surface.length >= PROSE_TYPO_LENGTH ? 1 : 0,
            true,
            true,
          );
      // A synonym found in most tools says little and costs a long postings walk: left out.
      const common = Math.max(64, index.size / 4);
      for (const synonym of synonymsOf(term)) {
        const postings = index.postings.get(synonym);
        if (postings !== undefined && postings.docs.length <= common) {
          found.push({ term: synonym, similarity: SYNONYM_WEIGHT });
        }
      }
      return found;
    }
  }
}

/** A verb's inflections, which a name does not have: `-ed` and `-ing`. */
const VERB_ENDING = /(?:ed|ing)$/u;

/**
 * Whether a word the request writes as part of a name meets its stem: a name is a noun, so its plural meets
 * the singular (`Euros` and `euro`), but a name ending like a verb's inflection is not one (`United` is not
 * `unit`, `Reading` is not `read`); it meets the tools that write it as it is written.
 */
function namedMatches(index: SearchIndex, query: QueryTerm): boolean {
  return !VERB_ENDING.test(query.surface) || index.termOfSurface.has(query.surface);
}

function related(
  index: SearchIndex,
  query: QueryTerm,
  threshold: number,
  known: boolean,
  limit: number,
  weight: number,
  maxEdits: number,
  family = false,
  sameFirstLetter = false,
): TermCandidate[] {
  const { term, surface } = query;
  const found = new Map<string, number>();
  const keep = (candidate: TermCandidate) => {
    if (candidate.similarity < threshold) return;
    if ((found.get(candidate.term) ?? 0) < candidate.similarity)
      found.set(candidate.term, candidate.similarity);
  };
  const length = surface.length;
  const maxDistance = Math.min(maxEdits, length >= 8 ? 2 : length >= 4 ? 1 : 0);
  // Typos are judged on words as written (`meting` is one edit from `meeting`, not from `get`).
  if (maxDistance > 0) {
    for (const candidate of index.surfaces.withinDistance(surface, maxDistance)) {
      // In relevance ranking a typo keeps the first letter: people rarely mistype it, and a word one edit
      // from another at its first letter is almost always another word (`dinner`, `winner`), not a slip.
      if (sameFirstLetter && candidate.term.charCodeAt(0) !== surface.charCodeAt(0)) continue;
      const candidateTerm = index.termOfSurface.get(candidate.term);
      if (candidateTerm !== undefined && candidateTerm !== term) {
        keep({ term: candidateTerm, similarity: candidate.similarity });
      }
    }
  }
  if (term.length >= 3) for (const candidate of index.vocabulary.withPrefix(term, 16)) keep(candidate);
  // A tool word that starts the query word: `calculat` (calculate) for `calculation`.
  for (let end = term.length - 1; end >= 4; end--) {
    const prefix = term.slice(0, end);
    if (index.postings.has(prefix)) keep({ term: prefix, similarity: end / term.length });
  }
  if (family) {
    // A tool word of the same family: the two share a stem of most of the query word (`historical` and
    // `history` share `histor`), where neither starts the other.
    const shortest = Math.max(FAMILY_MIN_STEM, Math.ceil(FAMILY_SHARE * term.length));
    for (let end = term.length - 1; end >= shortest; end--) {
      const stem = term.slice(0, end);
      for (const candidate of index.vocabulary.withPrefix(stem, FAMILY_LIMIT))
        keep({ term: candidate.term, similarity: end / Math.max(term.length, candidate.term.length) });
    }
  }
  const candidates = [...found].map(([candidate, similarity]) => ({
    term: candidate,
    similarity: similarity * weight,
  }));
  candidates.sort((a, b) => b.similarity - a.similarity);
  if (candidates.length > limit) candidates.length = limit;
  if (known) candidates.unshift({ term, similarity: 1 });
  return candidates;
}
