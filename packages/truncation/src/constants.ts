/**
 * Default character budget of a successful tool result, used by `truncateToolResultContent`,
 * `createTruncatingAsyncIterable` and as the byte budget of `truncateToolResultContentStructured`.
 *
 * @example
 * ```ts
 * truncateToolResultContent(text).length <= DEFAULT_MAX_CHARACTERS; // true
 * ```
 */
export const DEFAULT_MAX_CHARACTERS = 8000;

/**
 * Default character budget of an error message (`truncateToolResultContent(text, { isError: true })`).
 * Large enough for a validation error that lists several issues, small enough that a stack trace or an
 * echoed payload cannot flood the context window.
 *
 * @example
 * ```ts
 * truncateToolResultContent(stackTrace, { isError: true }).length <= DEFAULT_ERROR_MAX_CHARACTERS; // true
 * ```
 */
export const DEFAULT_ERROR_MAX_CHARACTERS = 2000;
