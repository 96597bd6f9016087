import { ArmorerError, type ArmorerErrorOptions } from '@armorer/core';

/** Codes of {@link ProviderAdapterError}. */
export type ProviderAdapterErrorCode =
  /** An exporter was given something that is neither a toolbox nor an array of tools. */
  | 'INVALID_TOOLS'
  /** Two tools would be declared under the same provider name. */
  | 'DUPLICATE_DECLARED_NAME'
  /** An importer was given a declaration it cannot read. */
  | 'INVALID_DECLARATION'
  /** A parser was given something that is not a list of provider tool calls. */
  | 'INVALID_TOOL_CALLS'
  /** A synchronous formatter was given a result that still holds a live stream. */
  | 'LIVE_STREAM'
  /** A formatter was given something that is not a list of tool results. */
  | 'INVALID_RESULTS';

/**
 * Thrown by the provider adapters for programming errors (wrong argument types, name collisions, live
 * streams given to a synchronous formatter). Tool failures are never thrown: they are `ToolResult` values.
 *
 * @example
 * ```ts
 * try {
 *   toOpenAITools(toolbox);
 * } catch (error) {
 *   if (ProviderAdapterError.isInstance(error)) console.log(error.code); // e.g. 'DUPLICATE_DECLARED_NAME'
 * }
 * ```
 */
export class ProviderAdapterError extends ArmorerError<ProviderAdapterErrorCode> {
  constructor(options: ArmorerErrorOptions<ProviderAdapterErrorCode>) {
    super(options);
    this.name = 'ProviderAdapterError';
  }

  static override isInstance(error: unknown): error is ProviderAdapterError {
    return ArmorerError.isInstance(error) && error.name === 'ProviderAdapterError';
  }
}
