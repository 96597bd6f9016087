import { ArmorerError, type ArmorerErrorOptions } from '@armorer/core';

/** Codes of {@link InspectorError}. */
export type InspectorErrorCode =
  /** An option of `startInspector` (or a flag of the command) is not usable. */
  | 'INVALID_OPTIONS'
  /** A bind address that other machines can reach, without `allowRemote`. */
  | 'REMOTE_NOT_ALLOWED'
  /** The server could not listen (port taken, address not on this machine). */
  | 'LISTEN_FAILED'
  /** The toolbox module does not exist. */
  | 'MODULE_NOT_FOUND'
  /** The toolbox module threw, or the runtime cannot load it. */
  | 'MODULE_LOAD_FAILED'
  /** The module's default export is not a toolbox or a function returning one. */
  | 'INVALID_TOOLBOX_MODULE';

/**
 * Thrown by `startInspector` and the `armorer-inspector` command for options, addresses and modules they
 * cannot use.
 *
 * @example
 * ```ts
 * try {
 *   await startInspector({ toolbox, hostname: '0.0.0.0' });
 * } catch (error) {
 *   if (InspectorError.isInstance(error)) console.error(error.code); // 'REMOTE_NOT_ALLOWED'
 * }
 * ```
 */
export class InspectorError extends ArmorerError<InspectorErrorCode> {
  constructor(options: ArmorerErrorOptions<InspectorErrorCode>) {
    super(options);
    this.name = 'InspectorError';
  }

  static override isInstance(error: unknown): error is InspectorError {
    return ArmorerError.isInstance(error) && error.name === 'InspectorError';
  }
}
