import { type AnyTool, emitToolboxEvent, getToolboxEmbedder, type ToolboxEmbedder } from '@armorer/core';
import { EmbeddingError } from '../errors/embedding-error';
import { resolveSource } from '../index/index-cache';
import { rank } from '../index/rank';
import { requestClauses } from '../index/segments';
import { topRanked } from '../index/top';
import { compileCriteria } from '../query/compile';
import { checkIndex, checkKeys, invalid, isPlainObject } from '../query/query-keys';
import { exactVerifier } from '../query/text-predicate';
import { parseTextQuery } from '../query/text-query';
import type { ToolSource } from '../query/types';
import { explainMatches } from './explain';
import { fuse } from './fuse';
import { semanticScores } from './semantic-scores';
import type { SearchToolsOptions, ToolMatch } from './types';

const OPTION_KEYS = [
  'query',
  'filter',
  'exclude',
  'limit',
  'offset',
  'mode',
  'fields',
  'weights',
  'threshold',
  'semantic',
  'embedder',
  'semanticWeight',
  'vectorStore',
  'embeddingText',
  'batchSize',
  'onEmbeddingError',
  'signal',
];

/**
 * Ranks the tools of a toolbox (or an array of tools) for a request in natural language: BM25F over names
 * split into words (camelCase, snake_case, kebab-case, dots), descriptions, tags and parameters, with light
 * stemming, typo tolerance and word segmentation for scripts written without spaces. When an embedder is
 * available (the toolbox's `embedder` option, or `options.embedder`) the ranking is hybrid: lexical and
 * cosine scores are normalized and mixed by `semanticWeight`. Tool vectors are cached per tool and embedded
 * again only when a tool's text changes; `vectorStore` keeps them in an external store instead.
 *
 * A query without words lists the tools (filtered, in registration order, score 0). Fires the toolbox-wide
 * `search` event. Rejects with a `QueryError` for invalid options and an `EmbeddingError` when the embedder
 * or the store fails (unless `onEmbeddingError: 'lexical'`).
 *
 * @example
 * ```ts
 * const matches = await searchTools(toolbox, { query: 'contact someone', filter: { tags: { none: ['admin'] } } });
 * matches[0]?.name; // 'send-email'
 * ```
 */
export async function searchTools<TTool extends AnyTool>(
  source: ToolSource<TTool>,
  options: SearchToolsOptions,
): Promise<ToolMatch<TTool>[]> {
  const started = performance.now();
  if (!isPlainObject(options)) invalid('searchTools(source, options): options', 'an object with a query');
  checkKeys(options, OPTION_KEYS, 'searchTools options');
  const {
    query,
    filter = {},
    exclude = [],
    mode = 'relevance',
    semanticWeight = 0.5,
    batchSize = 128,
  } = options;
  if (typeof query !== 'string') invalid('options.query', 'a string');
  const limit = checkIndex(options.limit, 'options.limit') ?? 10;
  const offset = checkIndex(options.offset, 'options.offset') ?? 0;
  if (!(typeof semanticWeight === 'number' && semanticWeight >= 0 && semanticWeight <= 1)) {
    invalid('options.semanticWeight', 'a number from 0 to 1');
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) invalid('options.batchSize', 'a positive integer');
  const text = parseTextQuery(
    { query, mode, ...pick(options, ['fields', 'weights', 'threshold']) },
    'options.query',
    'relevance',
  );
  const resolved = resolveSource(source);
  const excluded = new Set(exclude);
  const criteria = compileCriteria(filter, 'options.filter', resolved, false);
  const accept = (tool: AnyTool) => !excluded.has(tool.name) && (criteria === undefined || criteria(tool));
  const index = resolved.index();
  const embedder: ToolboxEmbedder | undefined =
    options.semantic === false
      ? undefined
      : (options.embedder ??
        (resolved.toolbox === undefined ? undefined : getToolboxEmbedder(resolved.toolbox)));
  if (options.semantic === true && embedder === undefined) {
    invalid(
      'options.semantic',
      'false or absent when neither the toolbox nor options.embedder has an embedder',
    );
  }
  options.signal?.throwIfAborted();

  const semantically = embedder !== undefined && query.trim().length > 0 && semanticWeight > 0;
  // Without an await or a filter before the ranking is read, it may live in the index's buffers.
  const transient = !semantically && excluded.size === 0 && criteria === undefined;
  const lexical =
    text === undefined ? undefined : rank(index, { ...text, verify: exactVerifier(index, text), transient });
  let semantic: Map<AnyTool, number> | undefined;
  let embeddingError: string | undefined;
  if (embedder !== undefined && semantically) {
    try {
      semantic = await semanticScores({
        query,
        clauses: requestClauses(query),
        candidates: index.tools.filter(accept),
        embedder,
        store: options.vectorStore,
        textOf: options.embeddingText,
        batchSize,
        topK: Math.max(50, (offset + limit) * 5),
        signal: options.signal,
      });
    } catch (error) {
      if (!(EmbeddingError.isInstance(error) && options.onEmbeddingError === 'lexical')) throw error;
      embeddingError = error.message;
    }
  }

  let matches: Omit<ToolMatch, 'matched'>[];
  if (semantic !== undefined) {
    matches = fuse(index, lexical, semantic, accept, semanticWeight).slice(offset, offset + limit);
  } else if (lexical !== undefined) {
    // Without a filter or exclusions every ranked tool is accepted: no per-tool check.
    const check =
      excluded.size === 0 && criteria === undefined
        ? undefined
        : (doc: number) => accept(index.tools[doc] as AnyTool);
    matches = topRanked(lexical, check, offset, limit).map(({ doc, score }) => {
      const tool = index.tools[doc] as AnyTool;
      return { tool, name: tool.name, score, lexicalScore: score };
    });
  } else {
    matches = index.tools
      .filter(accept)
      .slice(offset, offset + limit)
      .map((tool) => ({ tool, name: tool.name, score: 0, lexicalScore: 0 }));
  }
  const why =
    text === undefined
      ? undefined
      : explainMatches(
          index,
          text,
          matches.map((match) => index.positionOf(match.tool)),
          lexical?.expansions,
        );
  const explained: ToolMatch[] = matches.map((match, position) => ({
    ...match,
    matched: why?.[position] ?? [],
  }));
  if (resolved.toolbox !== undefined) {
    emitToolboxEvent(resolved.toolbox, 'search', {
      query,
      results: matches.map((match) => ({ name: match.name, score: match.score })),
      semantic: semantic !== undefined,
      ...(embeddingError === undefined ? {} : { embeddingError }),
      durationMs: performance.now() - started,
    });
  }
  return explained as ToolMatch<TTool>[];
}

function pick(
  options: SearchToolsOptions,
  keys: readonly ('fields' | 'weights' | 'threshold')[],
): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (options[key] !== undefined) picked[key] = options[key];
  return picked;
}
