import { ArmorerError, type ArmorerErrorOptions, type DeclarationImportFailure } from '@armorer/core';

/** Codes of {@link ProviderAdapterError}. */
export type ProviderAdapterErrorCode =
  /** An exporter was given something that is neither a toolbox nor an array of tools. */
  | 'INVALID_TOOLS'
  /** Two tools would be declared under the same provider name. */
  | 'DUPLICATE_DECLARED_NAME'
  /** An importer was given a declaration it cannot read. */
  | 'INVALID_DECLARATION'
  /** A declaration's schema holds a `$ref` to a place outside it (remote references are not fetched). */
  | 'REMOTE_REFERENCE'
  /** A declaration's schema holds a local `$ref` that points at nothing. */
  | 'UNRESOLVED_REFERENCE'
  /** Two declarations of one import share a name. */
  | 'DUPLICATE_NAME'
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
  /** For declaration errors: the JSON Pointer of the offending place in the declaration's schema. */
  readonly path: string | undefined;
  /** For an import that refused invalid declarations (`invalidDeclarations: 'throw'`): each of them. */
  readonly failures: readonly DeclarationImportFailure[] | undefined;

  constructor(
    options: ArmorerErrorOptions<ProviderAdapterErrorCode> & {
      readonly path?: string;
      readonly failures?: readonly DeclarationImportFailure[];
    },
  ) {
    super(options);
    this.name = 'ProviderAdapterError';
    this.path = options.path;
    this.failures = options.failures;
  }

  static override isInstance(error: unknown): error is ProviderAdapterError {
    return ArmorerError.isInstance(error) && error.name === 'ProviderAdapterError';
  }
}
