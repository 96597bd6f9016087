import { ArmorerError, type ArmorerErrorOptions } from './armorer-error';

/**
 * Why a durable store (SQLite, Redis, PostgreSQL, or one of your own) failed. Refusals are not failures:
 * they are `ApprovalError`s and `false` answers.
 * - `unavailable`: the storage cannot be reached, opened, read or written (a server that is down, a broken
 *   connection, a missing directory, permissions, a full disk). Retrying later can succeed.
 * - `busy`: the storage stayed locked by another process past its wait limit. Retrying can succeed.
 * - `command-failed`: the storage answered a command with an error (a misconfiguration, a key or table of
 *   another shape, a table prefix the store refuses).
 * - `corrupt-record`: a record or file the store did not write, or cannot read back.
 * - `incompatible-schema`: the storage was migrated by a newer version of the store package.
 * - `closed`: the store was closed by its owner.
 */
export type StoreErrorCode =
  | 'unavailable'
  | 'busy'
  | 'command-failed'
  | 'corrupt-record'
  | 'incompatible-schema'
  | 'closed';

/** Options of the {@link StoreError} constructor. */
export type StoreErrorOptions = ArmorerErrorOptions<StoreErrorCode>;

/**
 * Thrown by a durable store when its storage fails. `retryable` is true for `unavailable` and `busy`. A tool
 * guarded by the store never runs after one: an approval resume ends with `APPROVAL_INVALID`, an idempotent
 * call with `IDEMPOTENCY_STORE_FAILED`. Recognized by `ArmorerError.isInstance`, and across duplicate installs
 * by `StoreError.isInstance`.
 *
 * @example
 * ```ts
 * try { await stores.approvals.issue(binding); } catch (error) {
 *   if (StoreError.isInstance(error) && error.retryable) scheduleRetry();
 * }
 * ```
 */
export class StoreError extends ArmorerError<StoreErrorCode> {
  /** True when trying again later can succeed (`unavailable`, `busy`). */
  readonly retryable: boolean;

  constructor(options: StoreErrorOptions) {
    super(options);
    this.name = 'StoreError';
    this.retryable = options.code === 'unavailable' || options.code === 'busy';
  }

  /** True for a store error from any store package, whichever copy of armorer created it. */
  static override isInstance(error: unknown): error is StoreError {
    return ArmorerError.isInstance(error) && error.name === 'StoreError';
  }
}
