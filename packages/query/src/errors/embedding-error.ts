import { ArmorerError, type ArmorerErrorOptions } from '@armorer/core';

/** Codes of {@link EmbeddingError}. */
export type EmbeddingErrorCode = 'EMBEDDER_FAILED' | 'INVALID_EMBEDDING' | 'VECTOR_STORE_FAILED';

/**
 * Thrown (as a rejection of `searchTools`) when semantic search cannot run: the embedder threw or rejected
 * (`EMBEDDER_FAILED`, with the original error as `cause`), returned the wrong number of vectors, vectors with
 * non-finite values or of the wrong dimension (`INVALID_EMBEDDING`), or the vector store failed
 * (`VECTOR_STORE_FAILED`). Invalid vectors are never cached. Pass `onEmbeddingError: 'lexical'` to rank
 * lexically instead.
 *
 * @example
 * ```ts
 * const matches = await searchTools(toolbox, { query: 'send mail' }).catch((error: unknown) => {
 *   if (EmbeddingError.isInstance(error)) return searchTools(toolbox, { query: 'send mail', semantic: false });
 *   throw error;
 * });
 * ```
 */
export class EmbeddingError extends ArmorerError<EmbeddingErrorCode> {
  constructor(options: ArmorerErrorOptions<EmbeddingErrorCode>) {
    super(options);
    this.name = 'EmbeddingError';
  }

  static override isInstance(error: unknown): error is EmbeddingError {
    return ArmorerError.isInstance(error) && error.name === 'EmbeddingError';
  }
}
