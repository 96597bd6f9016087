import { ArmorerError } from '@armorer/core';

/** Why `fromOpenAPI` or `toOpenAPI` refused its input. */
export type OpenAPIErrorCode =
  /** Not an OpenAPI 3.x document (no `openapi` version, Swagger 2.0, not an object). */
  | 'INVALID_DOCUMENT'
  /** An option is missing or has the wrong shape (for example a `baseUrl` that is not an absolute URL). */
  | 'INVALID_OPTIONS'
  /** Two operations would become tools with the same name. */
  | 'DUPLICATE_OPERATION'
  /** The document is past `maxDocumentBytes`, or has more operations to import than `maxOperations`. */
  | 'DOCUMENT_TOO_LARGE';

/**
 * Thrown by `fromOpenAPI` and `toOpenAPI` for input they cannot work with at all. Constructs they can skip
 * are reported as warnings instead.
 *
 * @example
 * ```ts
 * try {
 *   fromOpenAPI({ swagger: '2.0' }, { baseUrl: 'https://api.example.com' });
 * } catch (error) {
 *   if (OpenAPIError.isInstance(error)) console.log(error.code); // INVALID_DOCUMENT
 * }
 * ```
 */
export class OpenAPIError extends ArmorerError<OpenAPIErrorCode> {
  constructor(options: {
    readonly code: OpenAPIErrorCode;
    readonly message: string;
    readonly cause?: unknown;
  }) {
    super(options);
    this.name = 'OpenAPIError';
  }

  /** True for an OpenAPIError from any copy of the package. */
  static override isInstance(error: unknown): error is OpenAPIError {
    return ArmorerError.isInstance(error) && error.name === 'OpenAPIError';
  }
}
