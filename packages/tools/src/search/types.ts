import type { ToolCriteria } from '@armorer/query';

/** Options of `createSearchTool`. */
export interface CreateSearchToolOptions<TName extends string = 'search-tools'> {
  /** The tool's name; default `search-tools`. */
  readonly name?: TName;
  /** The description the model reads. */
  readonly description?: string;
  /** Tags added to the tool's own (`search`, `meta`). */
  readonly tags?: readonly string[];
  /** Results per search when the model gives no `limit`; default 10. */
  readonly limit?: number;
  /** The largest `limit` the model may ask for; default 50. */
  readonly maxLimit?: number;
  /** Register the tool in the toolbox; default true. */
  readonly register?: boolean;
  /** Only tools meeting these criteria can be found (for example `{ tags: { none: ['admin'] } }`). */
  readonly filter?: ToolCriteria;
  /** Share of the semantic score when the toolbox has an embedder (0 to 1); default 0.5. */
  readonly semanticWeight?: number;
  /** When the embedder fails: rank lexically (`lexical`, default) or fail the call (`error`). */
  readonly onEmbeddingError?: 'lexical' | 'error';
}

/** One search result, as the model receives it. */
export interface SearchToolResult {
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
  /** Relevance, higher is better; comparable within one search. */
  readonly score: number;
  /** Why it matched: each query word that met the tool, and the tool's fields that hold it. */
  readonly matched: readonly { readonly word: string; readonly fields: readonly string[] }[];
}
