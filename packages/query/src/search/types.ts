import type { AnyTool, ToolboxEmbedder } from '@armorer/core';
import type { ToolVectorStore } from '../embeddings/vector-store';
import type { TextMode } from '../index/expand-term';
import type { ToolCriteria } from '../query/types';
import type { TextField } from '../tool/tool-text';
import type { MatchedTerm } from './explain';

/**
 * Options of `searchTools`.
 *
 * @example
 * ```ts
 * const options: SearchToolsOptions = { query: 'contact someone', filter: { tags: { any: ['email'] } }, limit: 5 };
 * ```
 */
export interface SearchToolsOptions {
  /** What the tool should do, in the user's words. */
  readonly query: string;
  /** Only tools that meet these criteria are ranked. */
  readonly filter?: ToolCriteria;
  /** Tool names to leave out (the search tool leaves itself out). */
  readonly exclude?: readonly string[];
  /** At most this many matches; default 10. */
  readonly limit?: number;
  readonly offset?: number;
  /** How query words meet tool words; default `relevance`. */
  readonly mode?: TextMode;
  readonly fields?: readonly TextField[];
  readonly weights?: Readonly<Partial<Record<TextField, number>>>;
  /** `fuzzy` mode: minimum word similarity; default 0.7. */
  readonly threshold?: number;
  /**
   * Use embeddings; default: whenever an embedder is available (this option's, or the toolbox's). `true`
   * without an embedder is an error.
   */
  readonly semantic?: boolean;
  /** Overrides the toolbox's embedder (the only way to search an array of tools semantically). */
  readonly embedder?: ToolboxEmbedder;
  /** Share of the semantic score in the hybrid score, from 0 (lexical only) to 1; default 0.5. */
  readonly semanticWeight?: number;
  /** Keep tool vectors in this store instead of in memory (see `ToolVectorStore`). */
  readonly vectorStore?: ToolVectorStore;
  /** The text a tool is embedded by; default `describeToolForEmbedding`. */
  readonly embeddingText?: (tool: AnyTool) => string;
  /** Texts per embedder call; default 128. */
  readonly batchSize?: number;
  /** When the embedder or the store fails: reject (`throw`, default) or rank lexically (`lexical`). */
  readonly onEmbeddingError?: 'throw' | 'lexical';
  /** Abandons the search (rejects with the signal's reason) once aborted. */
  readonly signal?: AbortSignal;
}

/** One ranked tool. */
export interface ToolMatch<TTool extends AnyTool = AnyTool> {
  readonly tool: TTool;
  readonly name: string;
  /**
   * Relevance, higher is better, comparable within one search: the BM25F score for a lexical search; for a
   * hybrid search `(1 - w) * lexical + w * semantic`, both normalized to 0..1 over the candidates.
   */
  readonly score: number;
  /** The BM25F score (0 when only the embeddings matched). */
  readonly lexicalScore: number;
  /** Cosine similarity of the query and the tool, when the search was semantic and the tool a candidate. */
  readonly semanticScore?: number;
  /**
   * Why the tool matched: the query words that met its words, with the term they met and the fields that
   * hold it (empty when only the embeddings matched, or the query has no words).
   *
   * @example
   * ```ts
   * matches[0]?.matched; // [{ word: 'weather', term: 'weather', fields: ['name', 'description'] }]
   * ```
   */
  readonly matched: readonly MatchedTerm[];
}
