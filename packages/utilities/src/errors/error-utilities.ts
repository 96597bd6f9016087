import { describeThrown, isToolError, type ToolError } from '@armorer/core';
import { PipelineError } from './pipeline-error';

const MAX_CAUSES = 16;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * The {@link ToolError} behind a value: a `ToolError` itself, a failed `ToolResult`, a thrown
 * `ToolCallError`/`ToolFailureError`, or a {@link PipelineError} (the failed step's error).
 *
 * @example
 * ```ts
 * try {
 *   await pipeline({ str: 'x' });
 * } catch (error) {
 *   console.log(getToolError(error)?.code);
 * }
 * ```
 */
export function getToolError(value: unknown): ToolError | undefined {
  const candidate = record(value);
  if (candidate === undefined) return undefined;
  // Armorer's error classes carry `code`, `category` and `message` too: read their `toolError` first.
  if (isToolError(candidate.toolError)) return candidate.toolError;
  if (!(value instanceof Error) && isToolError(value)) return value;
  if (isToolError(candidate.error)) return candidate.error;
  return undefined;
}

/**
 * Finds the {@link PipelineError} that explains a failed composed call, following `cause` links from a
 * `ToolResult`, its `ToolError`, a thrown `ToolCallError` or any error chain.
 *
 * @example
 * ```ts
 * const result = await toolbox.execute({ name: 'pipe-parse-number-double', arguments: { str: 'x' } });
 * getPipelineError(result)?.stepName; // 'double'
 * ```
 */
export function getPipelineError(value: unknown): PipelineError | undefined {
  let current: unknown = value;
  for (let depth = 0; depth < MAX_CAUSES && current !== undefined && current !== null; depth++) {
    if (PipelineError.isInstance(current)) return current;
    const candidate = record(current);
    if (candidate === undefined) return undefined;
    const toolError = getToolError(candidate);
    const next =
      toolError !== undefined && (toolError as unknown) !== candidate ? toolError : candidate.cause;
    current = next === current ? undefined : next;
  }
  return undefined;
}

/**
 * True when repeating the call may succeed, as its `ToolError` says (timeouts, rate limits, transient
 * execution failures). Values without a `ToolError` are not retryable.
 *
 * @example
 * ```ts
 * if (!result.error || !isRetryableError(result)) return result;
 * ```
 */
export function isRetryableError(value: unknown): boolean {
  return getToolError(value)?.retryable === true;
}

/**
 * Turns anything thrown or returned as an error into an `Error`: errors pass through, a `ToolError`
 * keeps its message and becomes the `cause`, other values are described safely.
 *
 * @example
 * ```ts
 * if (result.error) throw toError(result.error);
 * ```
 */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  const toolError = getToolError(value);
  const error = new Error(toolError?.message ?? describeThrown(value), { cause: value });
  if (toolError !== undefined) error.name = `ToolError(${toolError.code})`;
  return error;
}
