import { ArmorerError } from '@armorer/core';

/** Codes of {@link CompositionError}. */
export type CompositionErrorCode = 'INVALID_STEP' | 'INVALID_OPTIONS' | 'INVALID_BINDING';

/**
 * Thrown when a composition cannot be built: a step that is not a tool, options that cannot work (zero
 * attempts, a negative delay), or bound values that are not part of the tool's input.
 *
 * @example
 * ```ts
 * try {
 *   retry(fetchUser, { attempts: 0 });
 * } catch (error) {
 *   if (CompositionError.isInstance(error)) console.log(error.code); // 'INVALID_OPTIONS'
 * }
 * ```
 */
export class CompositionError extends ArmorerError<CompositionErrorCode> {
  constructor(options: {
    readonly code: CompositionErrorCode;
    readonly message: string;
    readonly cause?: unknown;
  }) {
    super(options);
    this.name = 'CompositionError';
  }

  static override isInstance(error: unknown): error is CompositionError {
    return ArmorerError.isInstance(error) && error.name === 'CompositionError';
  }
}
