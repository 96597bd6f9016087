import { dot } from './embed';

/** One tool's vector, as handed to a {@link ToolVectorStore}. */
export interface ToolVectorRecord {
  /** The tool name (unique within a toolbox). */
  readonly id: string;
  /** Unit length. */
  readonly vector: Float32Array;
  /** The embedded text (see `describeToolForEmbedding`): a store may keep it to skip unchanged writes. */
  readonly text: string;
  /** The embedder's `id`, when it has one. */
  readonly embedderId: string | undefined;
}

/** A nearest neighbour returned by a {@link ToolVectorStore}. */
export interface ToolVectorMatch {
  readonly id: string;
  /** Cosine similarity, from -1 to 1. */
  readonly score: number;
}

/**
 * Where tool vectors live when they should not (only) live in memory: Pinecone, pgvector, LanceDB, ... The
 * search writes the vectors of tools it has not stored yet (or whose text changed) with `upsert`, and asks
 * `query` for the nearest tools of a query vector. Methods may be sync or async.
 *
 * @example
 * ```ts
 * const store: ToolVectorStore = {
 *   async upsert(records) {
 *     await index.upsert(records.map((r) => ({ id: r.id, values: [...r.vector], metadata: { text: r.text } })));
 *   },
 *   async query(vector, { topK }) {
 *     const { matches } = await index.query({ vector: [...vector], topK });
 *     return matches.map((m) => ({ id: m.id, score: m.score ?? 0 }));
 *   },
 * };
 * ```
 */
export interface ToolVectorStore {
  upsert(records: readonly ToolVectorRecord[]): void | Promise<void>;
  query(
    vector: Float32Array,
    options: { readonly topK: number },
  ): readonly ToolVectorMatch[] | Promise<readonly ToolVectorMatch[]>;
}

/** A {@link ToolVectorStore} that keeps vectors in memory, with an exact nearest-neighbour scan. */
export interface InMemoryVectorStore extends ToolVectorStore {
  /** Number of stored vectors. */
  readonly size: number;
  /** Removes a tool's vector. */
  delete(id: string): boolean;
}

/**
 * Creates an in-memory {@link ToolVectorStore}: the reference implementation of the contract, for tests and
 * for sharing vectors between toolboxes.
 *
 * @example
 * ```ts
 * const store = createInMemoryVectorStore();
 * const matches = await searchTools(toolbox, { query: 'notify the team', vectorStore: store });
 * ```
 */
export function createInMemoryVectorStore(): InMemoryVectorStore {
  const vectors = new Map<string, Float32Array>();
  return {
    get size() {
      return vectors.size;
    },
    upsert(records) {
      for (const record of records) vectors.set(record.id, record.vector);
    },
    query(vector, { topK }) {
      const matches: ToolVectorMatch[] = [];
      for (const [id, stored] of vectors) {
        if (stored.length === vector.length) matches.push({ id, score: dot(vector, stored) });
      }
      return matches.sort((a, b) => b.score - a.score).slice(0, topK);
    },
    delete(id) {
      return vectors.delete(id);
    },
  };
}
