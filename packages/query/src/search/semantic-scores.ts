import type { AnyTool, ToolboxEmbedder } from '@armorer/core';
import { dot, embedTexts } from '../embeddings/embed';
import { describeToolForEmbedding } from '../embeddings/embedding-text';
import { ensureToolVectors } from '../embeddings/tool-vectors';
import type { ToolVectorStore } from '../embeddings/vector-store';
import { EmbeddingError } from '../errors/embedding-error';

/** Inputs of {@link semanticScores}. */
export interface SemanticRequest {
  readonly query: string;
  readonly candidates: readonly AnyTool[];
  readonly embedder: ToolboxEmbedder;
  readonly store: ToolVectorStore | undefined;
  readonly textOf: ((tool: AnyTool) => string) | undefined;
  readonly batchSize: number;
  /** How many nearest tools to keep. */
  readonly topK: number;
  readonly signal: AbortSignal | undefined;
}

/** The `topK` candidates most similar to the query, with their cosine similarity. */
export async function semanticScores(request: SemanticRequest): Promise<Map<AnyTool, number>> {
  const { candidates, embedder, store, topK, signal } = request;
  const vectors = await ensureToolVectors(candidates, {
    embedder,
    textOf: request.textOf ?? describeToolForEmbedding,
    batchSize: request.batchSize,
    store,
  });
  signal?.throwIfAborted();
  const [queryVector] = await embedTexts(embedder, [request.query], ['the query']);
  signal?.throwIfAborted();
  const scores = new Map<AnyTool, number>();
  if (queryVector === undefined) return scores;
  if (store !== undefined) {
    const byName = new Map(candidates.map((tool) => [tool.name, tool]));
    let matches: readonly { id: string; score: number }[];
    try {
      // Ask for more than needed: the store also holds tools the filter leaves out.
      matches = await store.query(queryVector, { topK: topK * 2 });
    } catch (cause) {
      throw new EmbeddingError({
        code: 'VECTOR_STORE_FAILED',
        message: `The vector store query failed: ${cause instanceof Error ? cause.message : String(cause)}`,
        cause,
      });
    }
    for (const match of matches) {
      const tool = byName.get(match.id);
      if (tool !== undefined && match.score > 0 && scores.size < topK) {
        scores.set(tool, Math.min(1, match.score));
      }
    }
    return scores;
  }
  const ranked = candidates.map((tool) => ({
    tool,
    score: dot(queryVector, vectors.get(tool) as Float32Array),
  }));
  ranked.sort((a, b) => b.score - a.score);
  // A tool at a right angle to the query (or opposite) is unrelated, not a weak match.
  for (const { tool, score } of ranked.slice(0, topK)) if (score > 0) scores.set(tool, score);
  return scores;
}
