import { ArmorerError, type ArmorerErrorOptions } from '@armorer/core';

/** Codes of {@link QueryError}. */
export type QueryErrorCode = 'INVALID_QUERY' | 'UNKNOWN_QUERY_KEY' | 'QUERY_TOO_LONG' | 'INVALID_TOOL_SOURCE';

/**
 * Thrown by `queryTools`, `searchTools` and the predicates for a query they cannot run: an unknown key (often
 * a typo), a value of the wrong type, a text query longer than {@link MAX_QUERY_LENGTH}, or an input that is
 * not a toolbox or a list of tools. Never thrown for a query that simply matches nothing.
 *
 * @example
 * ```ts
 * try {
 *   queryTools(toolbox, { tag: { any: ['math'] } } as never);
 * } catch (error) {
 *   if (QueryError.isInstance(error)) console.log(error.code); // 'UNKNOWN_QUERY_KEY'
 * }
 * ```
 */
export class QueryError extends ArmorerError<QueryErrorCode> {
  constructor(options: ArmorerErrorOptions<QueryErrorCode>) {
    super(options);
    this.name = 'QueryError';
  }

  static override isInstance(error: unknown): error is QueryError {
    return ArmorerError.isInstance(error) && error.name === 'QueryError';
  }
}

/**
 * Longest text query accepted, in UTF-16 code units (about 25,000 words); longer ones throw `QUERY_TOO_LONG`.
 *
 * @example
 * ```ts
 * const text = userInput.slice(0, MAX_QUERY_LENGTH);
 * ```
 */
export const MAX_QUERY_LENGTH = 100_000;
