import { expandTerm } from '../index/expand-term';
import { nameCompounds } from '../index/name-compounds';
import type { QueryTerm } from '../index/query-terms';
import { FIELD_BITS, FIELD_COUNT, type SearchIndex } from '../index/search-index';
import type { TermCandidate } from '../index/vocabulary';
import type { ParsedText } from '../query/text-query';
import { TEXT_FIELDS, type TextField } from '../tool/tool-text';

const FIELD_MASK = (1 << FIELD_BITS) - 1;

/** Why a tool matched: one entry per query word that met a word of the tool. */
export interface MatchedTerm {
  /** The query word as written (lowercased). */
  readonly word: string;
  /** The indexed term of the tool it met: the word's stem, or a related term (prefix, typo, synonym). */
  readonly term: string;
  /** The tool's fields that hold the term. */
  readonly fields: readonly TextField[];
}

function positionOf(docs: ArrayLike<number>, doc: number): number {
  let low = 0;
  let high = docs.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = docs[middle] as number;
    if (value === doc) return middle;
    if (value < doc) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * The query words each ranked tool matched and in which of its fields (fields weighted 0 left out). Read
 * from the index's postings for the returned tools only, with each query word's related terms expanded once
 * per search, so a search pays for it per result, not per tool.
 */
export function explainMatches(
  index: SearchIndex,
  text: ParsedText,
  docs: readonly number[],
  expanded?: ReadonlyMap<QueryTerm, readonly TermCandidate[]>,
): MatchedTerm[][] {
  // Compound name words (`getrandompassword`) match their parts in relevance ranking (see `nameCompounds`).
  const compounds =
    text.mode === 'relevance' && (text.weights[0] as number) > 0 ? nameCompounds(index) : undefined;
  const expansions = (text.terms as readonly QueryTerm[]).map((term) => ({
    word: term.surface,
    term: term.term,
    candidates: expanded?.get(term) ?? expandTerm(index, term, text.mode, text.threshold, text.terms.length),
  }));
  return docs.map((doc) => {
    const out: MatchedTerm[] = [];
    if (doc < 0) return out;
    for (const { word, term, candidates } of expansions) {
      const parts = compounds?.get(term);
      const inCompound = parts !== undefined && positionOf(parts, doc) >= 0;
      let found = false;
      for (const candidate of candidates) {
        const postings = index.postings.get(candidate.term);
        if (postings === undefined) continue;
        const position = positionOf(postings.docs, doc);
        if (position < 0) continue;
        const fields = fieldsOf(postings.tfs[position] as number, text.weights);
        if (fields.length > 0) {
          // The word's own term in a compound of the name: the name matched too.
          if (inCompound && candidate.term === term && fields[0] !== 'name') fields.unshift('name');
          out.push({ word, term: candidate.term, fields });
          found = true;
          break;
        }
      }
      if (!found && inCompound) out.push({ word, term, fields: ['name'] });
    }
    return out;
  });
}

function fieldsOf(packed: number, weights: readonly number[]): TextField[] {
  const fields: TextField[] = [];
  let rest = packed;
  for (let field = 0; field < FIELD_COUNT && rest !== 0; field++, rest >>>= FIELD_BITS) {
    if ((rest & FIELD_MASK) !== 0 && (weights[field] as number) > 0)
      fields.push(TEXT_FIELDS[field] as TextField);
  }
  return fields;
}
