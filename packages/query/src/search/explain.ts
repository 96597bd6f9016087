import { expandTerm } from '../index/expand-term';
import type { QueryTerm } from '../index/query-terms';
import { FIELD_BITS, FIELD_COUNT, type SearchIndex } from '../index/search-index';
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

function positionOf(docs: readonly number[], doc: number): number {
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
 * The query words a ranked tool matched and in which of its fields (fields weighted 0 left out). Read from
 * the index's postings for the returned tools only, so a search pays for it per result, not per tool.
 */
export function explainMatch(index: SearchIndex, text: ParsedText, doc: number): MatchedTerm[] {
  const out: MatchedTerm[] = [];
  for (const term of text.terms as readonly QueryTerm[]) {
    for (const candidate of expandTerm(index, term, text.mode, text.threshold)) {
      const postings = index.postings.get(candidate.term);
      if (postings === undefined) continue;
      const position = positionOf(postings.docs, doc);
      if (position < 0) continue;
      const fields: TextField[] = [];
      let packed = postings.tfs[position] as number;
      for (let field = 0; field < FIELD_COUNT && packed !== 0; field++, packed >>>= FIELD_BITS) {
        if ((packed & FIELD_MASK) !== 0 && (text.weights[field] as number) > 0)
          fields.push(TEXT_FIELDS[field] as TextField);
      }
      if (fields.length > 0) {
        out.push({ word: term.surface, term: candidate.term, fields });
        break;
      }
    }
  }
  return out;
}
