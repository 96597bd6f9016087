import { ArmorerError } from '../errors/armorer-error';

/** Codes of {@link AdapterLoadError}. */
export type AdapterLoadErrorCode = 'ADAPTER_NOT_INSTALLED' | 'UNKNOWN_PROVIDER' | 'ADAPTER_INVALID';

/**
 * Thrown by the lazy provider exporters when the adapter package cannot be loaded.
 *
 * @example
 * ```ts
 * await toolbox.toOpenAITools().catch((error) => {
 *   if (AdapterLoadError.isInstance(error)) console.log(error.message); // names the package to install
 * });
 * ```
 */
export class AdapterLoadError extends ArmorerError<AdapterLoadErrorCode> {
  constructor(options: { message: string; code: AdapterLoadErrorCode; cause?: unknown }) {
    super(options);
    this.name = 'AdapterLoadError';
  }

  static override isInstance(error: unknown): error is AdapterLoadError {
    return ArmorerError.isInstance(error) && error.name === 'AdapterLoadError';
  }
}
