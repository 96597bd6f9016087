import { isStopword } from '../text/stopwords';
import { tokenize } from '../text/tokenize';

/**
 * Where a long request changes subject: sentence ends, semicolons, and the connectives people use to chain
 * tasks ("Then ...", "Additionally, ...", "Finally ..."). A request for several tools usually asks for each in
 * its own clause, so each clause is ranked on its own as well as the whole request.
 */
const CLAUSE_BREAK =
  /(?<=[.!?;:])\s+|\n+|[,;]?\s*\b(?:then|also|additionally|finally|furthermore|lastly|moreover|besides|afterwards|after that|next|plus|as well as)\b/giu;

/** Clauses with fewer content terms than this are not ranked on their own (the whole request still is). */
const MIN_SEGMENT_TERMS = 2;
/** At most this many clauses are ranked on their own (the rest join the last one). */
export const MAX_SEGMENTS = 8;

/**
 * Splits a request into clauses, as the indices of their terms: `termsOf` maps a clause's text to the
 * indices (into the query's distinct terms) of its content terms. Short clauses join the one before them.
 * Returns one segment per clause; fewer than two means the request has one subject.
 */
export function segmentQuery(
  text: string,
  termsOf: (clause: string) => readonly number[],
): readonly (readonly number[])[] {
  const segments: number[][] = [];
  for (const clause of text.split(CLAUSE_BREAK)) {
    if (clause === undefined || clause.trim().length === 0) continue;
    const terms = [...new Set(termsOf(clause))];
    if (terms.length === 0) continue;
    if (terms.length < MIN_SEGMENT_TERMS) continue;
    const last = segments[segments.length - 1];
    if (last !== undefined && segments.length >= MAX_SEGMENTS) {
      for (const term of terms) if (!last.includes(term)) last.push(term);
    } else {
      segments.push(terms);
    }
  }
  return segments;
}

/**
 * The clauses of a request for several things, as text: the pieces between clause breaks with at least
 * {@link MIN_SEGMENT_TERMS} distinct content words (past {@link MAX_SEGMENTS}, the rest join the last one).
 * Empty for a request with one subject.
 */
export function requestClauses(text: string): readonly string[] {
  const clauses: string[] = [];
  for (const clause of text.split(CLAUSE_BREAK)) {
    if (clause === undefined) continue;
    const content = new Set(tokenize(clause).filter((word) => !isStopword(word)));
    if (content.size < MIN_SEGMENT_TERMS) continue;
    if (clauses.length >= MAX_SEGMENTS) clauses[clauses.length - 1] += ` ${clause.trim()}`;
    else clauses.push(clause.trim());
  }
  return clauses.length > 1 ? clauses : [];
}
