import { type AnyTool, emitToolboxEvent } from '@armorer/core';
import { resolveSource } from '../index/index-cache';
import { rank } from '../index/rank';
import { topRanked } from '../index/top';
import { compileCriteria } from './compile';
import { checkIndex, invalid, isPlainObject } from './query-keys';
import { checkSelection, selectTool } from './select';
import { exactVerifier } from './text-predicate';
import { parseTextQuery } from './text-query';
import type { QueryResult, SelectOf, ToolQuery, ToolSelection, ToolSource } from './types';

/**
 * Filters the tools of a toolbox (or an array or iterable of tools) by text, tags, schema, metadata, risk
 * flags and custom predicates (all must hold; `and`/`or`/`not` group them), then selects and pages the
 * results. With a `text` criterion the results are ranked by relevance (BM25F over name, description, tags,
 * parameter names and descriptions, and metadata keys; `select: 'summary'` carries the score), otherwise
 * they keep registration order. On a toolbox it fires the toolbox-wide `query` event.
 *
 * Throws a `QueryError` for a query it cannot run (unknown key, wrong type, text longer than
 * `MAX_QUERY_LENGTH`); a text without words (empty, or only punctuation) filters nothing.
 *
 * @example
 * ```ts
 * const untrusted = queryTools(toolbox, { risk: { untrustedOutput: true } });
 * const names = queryTools(toolbox, { text: 'weather', tags: { none: ['deprecated'] }, select: 'name', limit: 5 });
 * ```
 */
export function queryTools<TTool extends AnyTool, const TQuery extends ToolQuery = Record<never, never>>(
  source: ToolSource<TTool>,
  query?: TQuery,
): QueryResult<TTool, SelectOf<TQuery>>[];
export function queryTools(source: ToolSource, query: ToolQuery = {}): unknown[] {
  const started = performance.now();
  if (!isPlainObject(query)) invalid('queryTools(source, query): query', 'an object');
  const resolved = resolveSource(source);
  const select: ToolSelection = checkSelection(query.select, 'query.select');
  const limit = checkIndex(query.limit, 'query.limit');
  const offset = checkIndex(query.offset, 'query.offset') ?? 0;
  const text = query.text === undefined ? undefined : parseTextQuery(query.text, 'query.text', 'contains');
  const filter = compileCriteria(query, 'query', resolved, true, ['select', 'limit', 'offset']);
  let results: unknown[];
  if (text === undefined) {
    const matched = filter === undefined ? [...resolved.tools] : resolved.tools.filter(filter);
    const end = limit === undefined ? undefined : offset + limit;
    results = matched.slice(offset, end).map((tool) => selectTool(tool, select, undefined));
  } else {
    const index = resolved.index();
    // Without a filter nothing ranks this index again before the ranking is read: it may be transient.
    const ranking = rank(index, {
      ...text,
      verify: exactVerifier(index, text),
      transient: filter === undefined,
    });
    const accept = filter === undefined ? undefined : (doc: number) => filter(index.tools[doc] as AnyTool);
    results = topRanked(ranking, accept, offset, limit).map(({ doc, score }) =>
      selectTool(index.tools[doc] as AnyTool, select, score),
    );
  }
  if (resolved.toolbox !== undefined) {
    emitToolboxEvent(resolved.toolbox, 'query', {
      query,
      results: results.length,
      durationMs: performance.now() - started,
    });
  }
  return results;
}
