import type { AnyTool } from '@armorer/core';
import type { QueryTerm } from '../index/query-terms';
import { rank } from '../index/rank';
import { SearchIndex } from '../index/search-index';
import { tokenize } from '../text/tokenize';
import { TEXT_FIELDS, toolTexts } from '../tool/tool-text';
import type { ToolPredicate } from './tag-predicates';
import { type ParsedText, parseTextQuery } from './text-query';
import type { TextQuery } from './types';

const singles = new WeakMap<AnyTool, SearchIndex>();

/** A one-tool index, so that a predicate matches exactly as `queryTools` does. */
function singleIndex(tool: AnyTool): SearchIndex {
  let index = singles.get(tool);
  if (index === undefined) {
    index = new SearchIndex();
    index.add(tool);
    singles.set(tool, index);
  }
  return index;
}

/**
 * In `exact` mode a stem match must also be a letter-for-letter word match: the words of each matched tool
 * (in the searched fields) are read once per query.
 */
export function exactVerifier(
  index: SearchIndex,
  text: ParsedText,
): ((doc: number, term: QueryTerm) => boolean) | undefined {
  if (text.mode !== 'exact') return undefined;
  const words = new Map<number, Set<string>>();
  return (doc, term) => {
    let set = words.get(doc);
    if (set === undefined) {
      const found = new Set<string>();
      const texts = toolTexts(index.tools[doc] as AnyTool);
      for (let field = 0; field < TEXT_FIELDS.length; field++) {
        if ((text.weights[field] as number) === 0) continue;
        for (const part of texts[field] as readonly string[])
          for (const word of tokenize(part)) found.add(word);
      }
      words.set(doc, found);
      set = found;
    }
    return set.has(term.surface);
  };
}

/** Whether document 0 of a one-tool index matches the parsed text. */
export function matchesText(index: SearchIndex, text: ParsedText): boolean {
  return rank(index, { ...text, verify: exactVerifier(index, text) }).docs.length > 0;
}

/**
 * Matches tools whose name, description, tags, parameter names and descriptions or metadata keys match the
 * text, with the same rules as `queryTools` (default mode `contains`; see {@link TextQuery}). A query without
 * words (empty, or only punctuation) matches every tool. Regular-expression characters have no special meaning.
 *
 * @example
 * ```ts
 * const weather = toolbox.tools().filter(textMatches('weather'));
 * const typos = toolbox.tools().filter(textMatches({ query: 'wether', mode: 'fuzzy', threshold: 0.7 }));
 * ```
 */
export function textMatches(query: TextQuery): ToolPredicate {
  const text = parseTextQuery(query, 'textMatches(query)', 'contains');
  if (text === undefined) return () => true;
  return (tool) => matchesText(singleIndex(tool), text);
}
