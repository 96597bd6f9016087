/**
 * @armorer/query: filter, rank and search the tools of an armorer toolbox. `queryTools` filters by text,
 * tags, schema, metadata and risk flags (with `and`/`or`/`not`), selects and pages, and ranks text matches
 * with BM25F; `searchTools` ranks tools for a request in natural language, hybrid with embeddings when the
 * toolbox has an embedder. Predicates (`textMatches`, `tagsMatchAll`, ...) work with `Array#filter`.
 *
 * @example
 * ```ts
 * import { queryTools, searchTools } from '@armorer/query';
 *
 * const untrusted = queryTools(toolbox, { risk: { untrustedOutput: true }, select: 'name' });
 * const [best] = await searchTools(toolbox, { query: 'send a message to the team' });
 * ```
 *
 * @module
 */
export { describeToolForEmbedding } from './embeddings/embedding-text';
export type {
  InMemoryVectorStore,
  ToolVectorMatch,
  ToolVectorRecord,
  ToolVectorStore,
} from './embeddings/vector-store';
export { createInMemoryVectorStore } from './embeddings/vector-store';
export type { EmbeddingErrorCode } from './errors/embedding-error';
export { EmbeddingError } from './errors/embedding-error';
export type { QueryErrorCode } from './errors/query-error';
export { MAX_QUERY_LENGTH, QueryError } from './errors/query-error';
export type { TextMode } from './index/expand-term';
export type { ReindexResult } from './index/reindex';
export { reindexSearchIndex } from './index/reindex';
export { queryTools } from './query/query-tools';
export { schemaHasKeys, schemaMatches } from './query/schema-predicates';
export type { ToolPredicate } from './query/tag-predicates';
export { tagsMatchAll, tagsMatchAny, tagsMatchNone } from './query/tag-predicates';
export { textMatches } from './query/text-predicate';
export { DEFAULT_WEIGHTS } from './query/text-query';
export type * from './query/types';
export { searchTools } from './search/search-tools';
export type { SearchToolsOptions, ToolMatch } from './search/types';
export type { TextField } from './tool/tool-text';
export { TEXT_FIELDS } from './tool/tool-text';
