// The marker armorer's base error uses, so `ArmorerError.isInstance` recognizes these errors too.
const ARMORER_ERROR = Symbol.for('armorer.error');

/**
 * Why a store operation failed:
 * - `store-unavailable`: the server could not be reached or the connection broke (retry later; the
 *   same store object serves again once the server is back);
 * - `store-command-failed`: the server answered with an error (a misconfiguration, a key of another type);
 * - `store-corrupt-record`: a record the store did not write, or cannot read back.
 */
export type StoreErrorCode = 'store-unavailable' | 'store-command-failed' | 'store-corrupt-record';

/** Options of {@link StoreError}. */
export interface StoreErrorOptions {
  readonly message: string;
  readonly code: StoreErrorCode;
  readonly cause?: unknown;
}

/**
 * Thrown by a durable store when the operation could not be carried out. A tool guarded by the store never
 * runs after one: the approval resume ends with `APPROVAL_INVALID` (reason `store-unavailable`), the
 * idempotent call with `IDEMPOTENCY_STORE_FAILED`.
 *
 * @example
 * ```ts
 * try { await approvals.state(binding); } catch (error) {
 *   if (StoreError.isInstance(error) && error.retryable) scheduleRetry();
 * }
 * ```
 */
export class StoreError extends Error {
  readonly [ARMORER_ERROR] = true;
  readonly code: StoreErrorCode;
  /** True when trying again later can succeed (`store-unavailable`). */
  readonly retryable: boolean;

  constructor(options: StoreErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StoreError';
    this.code = options.code;
    this.retryable = options.code === 'store-unavailable';
  }

  /** True for a store error from any armorer store package. */
  static isInstance(error: unknown): error is StoreError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[ARMORER_ERROR] === true &&
      (error as { name?: unknown }).name === 'StoreError'
    );
  }
}
