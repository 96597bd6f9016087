const ARMORER_ERROR = Symbol.for('armorer.error');

/** Options accepted by every armorer error constructor. */
export interface ArmorerErrorOptions<TCode extends string = string> {
  readonly message: string;
  readonly code: TCode;
  readonly cause?: unknown;
}

/**
 * Base class of every exception armorer throws. `isInstance` works across duplicate installs of the
 * package, where `instanceof` does not.
 *
 * @example
 * ```ts
 * try { createTool(badConfig); } catch (error) {
 *   if (ArmorerError.isInstance(error)) console.log(error.code);
 * }
 * ```
 */
export class ArmorerError<TCode extends string = string> extends Error {
  readonly [ARMORER_ERROR] = true;
  readonly code: TCode;

  constructor(options: ArmorerErrorOptions<TCode>) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ArmorerError';
    this.code = options.code;
  }

  /** True for any armorer error, whichever copy of the package created it. */
  static isInstance(error: unknown): error is ArmorerError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[ARMORER_ERROR] === true
    );
  }
}

/** Codes of {@link ToolDefinitionError}. */
export type ToolDefinitionErrorCode =
  | 'INVALID_TOOL_NAME'
  | 'INVALID_TOOL_DESCRIPTION'
  | 'INVALID_TOOL_SCHEMA'
  | 'INVALID_TOOL_EXECUTE'
  | 'INVALID_TOOL_METADATA'
  | 'INVALID_TOOL_CONFIGURATION'
  | 'MISSING_JSON_SCHEMA';

/**
 * Thrown at creation time when a tool configuration cannot work (for example a non-object input schema).
 *
 * @example
 * ```ts
 * createTool({ name: 'x', description: 'x', input: z.string(), execute: () => 1 }); // throws INVALID_TOOL_SCHEMA
 * ```
 */
export class ToolDefinitionError extends ArmorerError<ToolDefinitionErrorCode> {
  constructor(options: ArmorerErrorOptions<ToolDefinitionErrorCode>) {
    super(options);
    this.name = 'ToolDefinitionError';
  }

  static override isInstance(error: unknown): error is ToolDefinitionError {
    return ArmorerError.isInstance(error) && error.name === 'ToolDefinitionError';
  }
}

/** Codes of {@link ToolboxError}. */
export type ToolboxErrorCode =
  | 'DUPLICATE_TOOL'
  | 'INVALID_TOOL'
  | 'INVALID_TOOLBOX_OPTIONS'
  | 'INVALID_MIDDLEWARE';

/**
 * Thrown by toolbox construction and registration (duplicate names, values that are not tools).
 *
 * @example
 * ```ts
 * createToolbox([addNumbers, addNumbers]); // throws DUPLICATE_TOOL
 * ```
 */
export class ToolboxError extends ArmorerError<ToolboxErrorCode> {
  constructor(options: ArmorerErrorOptions<ToolboxErrorCode>) {
    super(options);
    this.name = 'ToolboxError';
  }

  static override isInstance(error: unknown): error is ToolboxError {
    return ArmorerError.isInstance(error) && error.name === 'ToolboxError';
  }
}
