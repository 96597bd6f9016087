import { ArmorerError, type ArmorerErrorOptions } from '@armorer/approval';

// The base class lives in @armorer/approval (the bottom floor); this is the same class, re-exported.
export { ArmorerError, type ArmorerErrorOptions };

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
