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
  /**
   * The clauses of a request for several things (see `requestClauses`): embedded with the request, so a tool
   * close to one clause is close to the request. Not used with a vector store, which is asked for the
   * request's neighbours only.
   */
  readonly clauses?: readonly string[] | undefined;
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
  const clauses = store === undefined ? (request.clauses ?? []) : [];
  const [queryVector, ...clauseVectors] = await embedTexts(
    embedder,
    [request.query, ...clauses],
    ['the query', ...clauses.map((_, at) => `clause ${at + 1} of the query`)],
  );
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
    score: similarity(queryVector, clauseVectors, vectors.get(tool) as Float32Array),
  }));
  ranked.sort((a, b) => b.score - a.score);
  // A tool at a right angle to the query (or opposite) is unrelated, not a weak match.
  for (const { tool, score } of ranked.slice(0, topK)) if (score > 0) scores.set(tool, score);
  return scores;
}

/**
 * Share of a request for several things that its closest clause decides: the embedding of the whole request
 * blends its clauses, so a tool that answers one clause is only half close to it; its closest clause says more.
 */
const CLAUSE_SHARE = 0.5;

/** Cosine similarity of a tool to a request, mixed with its best clause's when the request has clauses. */
function similarity(query: Float32Array, clauses: readonly Float32Array[], tool: Float32Array): number {
  const whole = dot(query, tool);
  if (clauses.length === 0) return whole;
  let closest = Number.NEGATIVE_INFINITY;
  for (const clause of clauses) {
    const score = dot(clause, tool);
    if (score > closest) closest = score;
  }
  return (1 - CLAUSE_SHARE) * whole + CLAUSE_SHARE * closest;
}
