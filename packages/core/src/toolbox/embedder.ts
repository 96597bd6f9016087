/** Vectors for a batch of texts, one per text, in order. */
export type EmbeddingVectors = readonly (readonly number[] | Float32Array | Float64Array)[];

/**
 * Turns texts into vectors for semantic tool search: a function, or an object with `embed` (sync or
 * async, batched). `id` names the model so cached vectors are never mixed across embedders.
 */
export type ToolboxEmbedder =
  | ((texts: readonly string[]) => EmbeddingVectors | Promise<EmbeddingVectors>)
  | {
      readonly id?: string;
      readonly dimensions?: number;
      embed(texts: readonly string[]): EmbeddingVectors | Promise<EmbeddingVectors>;
    };
