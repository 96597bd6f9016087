import { ArmorerError } from '@armorer/core';

/** Codes of {@link MiddlewareOptionsError}. */
export type MiddlewareOptionsErrorCode = 'INVALID_MIDDLEWARE_OPTIONS' | 'UNSUPPORTED_ENVIRONMENT';

/**
 * Thrown when a middleware factory receives options that cannot work (a zero or negative limit, a
 * delimiter that does not carry the fence token), or when the environment lacks what it needs.
 *
 * @example
 * ```ts
 * try {
 *   createRateLimitMiddleware({ limit: 0, windowMs: 1000 });
 * } catch (error) {
 *   if (MiddlewareOptionsError.isInstance(error)) console.log(error.code); // 'INVALID_MIDDLEWARE_OPTIONS'
 * }
 * ```
 */
export class MiddlewareOptionsError extends ArmorerError<MiddlewareOptionsErrorCode> {
  constructor(options: {
    readonly message: string;
    readonly code?: MiddlewareOptionsErrorCode;
    readonly cause?: unknown;
  }) {
    super({
      code: options.code ?? 'INVALID_MIDDLEWARE_OPTIONS',
      message: options.message,
      cause: options.cause,
    });
    this.name = 'MiddlewareOptionsError';
  }

  static override isInstance(error: unknown): error is MiddlewareOptionsError {
    return ArmorerError.isInstance(error) && error.name === 'MiddlewareOptionsError';
  }
}
