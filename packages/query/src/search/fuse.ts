import type { AnyTool } from '@armorer/core';
import type { RankResult } from '../index/rank';
import type { SearchIndex } from '../index/search-index';
import type { ToolMatch } from './types';

/**
 * Relative score fusion: lexical scores divided by the best one, cosine similarities min-max normalized over
 * the semantic candidates (their raw cosine when all are equal), mixed as `(1 - weight) * lexical + weight * semantic`. Tools with a fused score of 0
 * are dropped; ties keep index order.
 */
export function fuse(
  index: SearchIndex,
  lexical: RankResult | undefined,
  semantic: ReadonlyMap<AnyTool, number>,
  accept: (tool: AnyTool) => boolean,
  weight: number,
): Omit<ToolMatch, 'matched'>[] {
  const entries = new Map<number, { lexical: number; semantic: number | undefined }>();
  let bestLexical = 0;
  if (lexical !== undefined) {
    for (let position = 0; position < lexical.docs.length; position++) {
      const doc = lexical.docs[position] as number;
      if (!accept(index.tools[doc] as AnyTool)) continue;
      const score = lexical.scores[position] as number;
      entries.set(doc, { lexical: score, semantic: undefined });
      if (score > bestLexical) bestLexical = score;
    }
  }
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const [tool, similarity] of semantic) {
    const doc = index.positionOf(tool);
    if (doc < 0) continue;
    const entry = entries.get(doc);
    if (entry === undefined) entries.set(doc, { lexical: 0, semantic: similarity });
    else entry.semantic = similarity;
    if (similarity < low) low = similarity;
    if (similarity > high) high = similarity;
  }
  const span = high - low;
  const matches: (Omit<ToolMatch, 'matched'> & { doc: number })[] = [];
  for (const [doc, entry] of entries) {
    const lexicalPart = bestLexical > 0 ? entry.lexical / bestLexical : 0;
    const semanticPart =
      entry.semantic === undefined
        ? 0
        : span > 0
          ? (entry.semantic - low) / span
          : Math.min(1, Math.max(0, high));
    const score = (1 - weight) * lexicalPart + weight * semanticPart;
    if (score <= 0) continue;
    const tool = index.tools[doc] as AnyTool;
    matches.push({
      doc,
      tool,
      name: tool.name,
      score,
      lexicalScore: entry.lexical,
      ...(entry.semantic === undefined ? {} : { semanticScore: entry.semantic }),
    });
  }
  matches.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return matches.map(({ doc: _doc, ...match }) => match);
}
