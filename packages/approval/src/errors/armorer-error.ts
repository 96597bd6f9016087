// The marker of every armorer error, a registry symbol: `ArmorerError.isInstance` recognizes an error made
// by another copy of any armorer package (duplicate installs), where `instanceof` cannot.
const ARMORER_ERROR = Symbol.for('armorer.error');

/** Options accepted by every armorer error constructor. */
export interface ArmorerErrorOptions<TCode extends string = string> {
  readonly message: string;
  readonly code: TCode;
  readonly cause?: unknown;
}

/**
 * Base class of every exception armorer throws, defined once on the bottom floor: `@armorer/core` and
 * `armorer` re-export this same class, so `instanceof` holds across packages. `isInstance` also works
 * across duplicate installs of a package, where `instanceof` does not.
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
