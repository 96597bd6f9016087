import { createToolError, ToolFailureError, type ToolMetadata } from '@armorer/core';
import { FileAccessError } from '../errors/file-access-error';
import { PathTraversalError } from '../errors/path-traversal-error';

/**
 * The metadata every coding tool carries: read-only, never mutating, not dangerous.
 *
 * @example
 * ```ts
 * const { grep } = createCodingTools({ root: process.cwd() });
 * grep.metadata; // equals CODING_TOOL_METADATA: { readOnly: true, mutates: false, dangerous: false }
 * ```
 */
export const CODING_TOOL_METADATA = {
  readOnly: true,
  mutates: false,
  dangerous: false,
} as const satisfies ToolMetadata;

/**
 * The tags every coding tool carries (`readonly` among them).
 *
 * @example
 * ```ts
 * const readOnlyTools = toolbox.tools().filter((tool) => tool.tags.includes('readonly'));
 * ```
 */
export const CODING_TOOL_TAGS: readonly string[] = ['readonly', 'coding'];

/** Defaults of the tools and of the options of `createCodingTools`. */
export const DEFAULTS = {
  timeoutMs: 30_000,
  maxFileBytes: 8 * 1024 * 1024,
  readMaxBytes: 256 * 1024,
  maxMatches: 200,
  maxResults: 500,
  /** Upper bound of `maxMatches` and `maxResults` a call may ask for. */
  maxListSize: 10_000,
} as const;

/** Options shared by the three tools, resolved by `createCodingTools`. */
export interface ResolvedCodingOptions {
  readonly timeoutMs: number;
  readonly maxFileBytes: number;
  /** Whether `grep` and `glob` list ignored files when a call does not say. */
  readonly includeIgnored: boolean;
}

/** The description of the `includeIgnored` argument of `grep` and `glob`. */
export function includeIgnoredDescription(fallback: boolean): string {
  return (
    'Also list files that .gitignore, .ignore or .git/info/exclude ignore (node_modules, build output), and ' +
    `the .git directory (default ${fallback}).`
  );
}

/**
 * Turns the package's errors into the precise tool errors an agent sees: a path outside the jail is a
 * `POLICY_DENIED` (the `PathTraversalError` is the error's `cause`), a file that cannot be read an
 * `EXECUTION_FAILED` that retrying will not fix. Anything else is returned as is.
 */
export function toToolFailure(error: unknown): unknown {
  if (PathTraversalError.isInstance(error)) {
    return new ToolFailureError(
      createToolError('POLICY_DENIED', error.message, {
        cause: error,
        retryable: false,
        details: { reason: error.code },
      }),
    );
  }
  if (FileAccessError.isInstance(error)) {
    return new ToolFailureError(
      createToolError('EXECUTION_FAILED', error.message, {
        cause: error,
        retryable: false,
        details: { reason: error.code },
      }),
    );
  }
  return error;
}
