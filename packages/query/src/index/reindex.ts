import { forgetToolVectors } from '../embeddings/tool-vectors';
import { invalid, isPlainObject } from '../query/query-keys';
import type { ToolSource } from '../query/types';
import { rebuildSearchIndex, resolveSource } from './index-cache';

/** What {@link reindexSearchIndex} rebuilt. */
export interface ReindexResult {
  /** Tools in the new index. */
  readonly tools: number;
  /** Distinct terms in the new index. */
  readonly terms: number;
}

/**
 * Rebuilds the search index of a toolbox (or array of tools) from scratch and, unless
 * `{ embeddings: false }`, forgets the cached vectors of its tools so the next semantic search embeds them
 * again. Indexes follow registrations on their own; call this after changing something a tool's index entry
 * was built from (for example a mutable object reachable from its metadata) or the embedding model behind
 * the same embedder.
 *
 * @example
 * ```ts
 * reindexSearchIndex(toolbox); // { tools: 42, terms: 318 }
 * ```
 */
export function reindexSearchIndex(
  source: ToolSource,
  options: { readonly embeddings?: boolean } = {},
): ReindexResult {
  if (!isPlainObject(options)) invalid('reindexSearchIndex(source, options): options', 'an object');
  const resolved = resolveSource(source);
  const index = rebuildSearchIndex(resolved.key, resolved.tools);
  if (options.embeddings !== false) forgetToolVectors(resolved.tools);
  return { tools: index.size, terms: index.postings.size };
}
