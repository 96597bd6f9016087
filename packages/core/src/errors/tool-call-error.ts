import { ArmorerError } from './armorer-error';
import type { ToolError, ToolErrorCategory, ToolErrorCode } from './tool-error';

/**
 * Thrown by the throwing forms of a call (`await tool(params)`, `tool.execute(params)`) when the call did
 * not succeed. It carries the same {@link ToolError} (and message) the `ToolResult` form returns.
 *
 * @example
 * ```ts
 * try { await addNumbers({ a: 1, b: 'x' } as never); } catch (error) {
 *   if (ToolCallError.isInstance(error)) console.log(error.category, error.toolError.details?.issues);
 * }
 * ```
 */
export class ToolCallError extends ArmorerError<ToolErrorCode> {
  readonly category: ToolErrorCategory;
  readonly toolError: ToolError;
  readonly toolName: string;

  constructor(toolName: string, toolError: ToolError) {
    super({ message: toolError.message, code: toolError.code, cause: toolError.cause });
    this.name = 'ToolCallError';
    this.category = toolError.category;
    this.toolError = toolError;
    this.toolName = toolName;
  }

  static override isInstance(error: unknown): error is ToolCallError {
    return ArmorerError.isInstance(error) && error.name === 'ToolCallError';
  }
}

/**
 * Thrown from inside an implementation (typically by middleware) to end the call with a precise
 * {@link ToolError} instead of the generic EXECUTION_FAILED: the pipeline reports `toolError` as is.
 *
 * @example
 * ```ts
 * throw new ToolFailureError(
 *   createToolError('RATE_LIMITED', 'Too many calls; retry in 2 s.', { details: { retryAfterMs: 2000 } }),
 * );
 * ```
 */
export class ToolFailureError extends ArmorerError<ToolErrorCode> {
  readonly category: ToolErrorCategory;
  readonly toolError: ToolError;

  constructor(toolError: ToolError) {
    super({ message: toolError.message, code: toolError.code, cause: toolError.cause });
    this.name = 'ToolFailureError';
    this.category = toolError.category;
    this.toolError = toolError;
  }

  static override isInstance(error: unknown): error is ToolFailureError {
    return ArmorerError.isInstance(error) && error.name === 'ToolFailureError';
  }
}
