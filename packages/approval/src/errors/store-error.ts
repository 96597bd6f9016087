import { ArmorerError, type ArmorerErrorOptions } from './armorer-error';

/**
 * Why a durable store (SQLite, Redis, PostgreSQL, or one of your own) failed. Refusals are not failures:
 * they are `ApprovalError`s and `false` answers. Whether trying again can help follows from the code:
 * - `unavailable` (retryable): the server is down or the connection was lost; storage that cannot be read or
 *   written right now (an I/O error, a full disk).
 * - `timeout` (retryable): the store did not answer within its `operationTimeoutMs`.
 * - `busy` (retryable): the storage stayed locked by another process past its wait limit.
 * - `closed`: the store (or the client under it) was closed by its owner.
 * - `misconfigured`: the store cannot work as configured: wrong options or client, a host that does not
 *   exist, a missing database, refused credentials or permissions, a file that cannot be opened.
 * - `command-failed`: the storage answered a command with an error (a key or table of another shape).
 * - `corrupt-record`: a record or file the store did not write, or cannot read back.
 * - `incompatible-schema`: the storage was migrated by a newer version of the store package.
 */
export type StoreErrorCode =
  | 'unavailable'
  | 'timeout'
  | 'busy'
  | 'closed'
  | 'misconfigured'
  | 'command-failed'
  | 'corrupt-record'
  | 'incompatible-schema';

/** Options of the {@link StoreError} constructor. */
export interface StoreErrorOptions extends ArmorerErrorOptions<StoreErrorCode> {
  /** For a retryable code: how long to wait before trying again (default: 1000 ms, 250 ms for `busy`). */
  readonly retryAfterMs?: number;
}

/** What a retryable code suggests waiting when the thrower does not say. */
const RETRY_AFTER_MS: Partial<Record<StoreErrorCode, number>> = {
  unavailable: 1000,
  timeout: 1000,
  busy: 250,
};

/**
 * Thrown by a durable store when its storage fails. `retryable` is true for `unavailable`, `timeout` and
 * `busy`, which then carry `retryAfterMs`. A tool guarded by the store never runs after one, and the
 * `ToolError` of the call (`APPROVAL_STORE_FAILED`, `APPROVAL_INVALID`, `IDEMPOTENCY_STORE_FAILED`) takes
 * its `retryable` and `details.retryAfterMs` from it. Recognized by `ArmorerError.isInstance`, and across
 * duplicate installs by `StoreError.isInstance`.
 *
 * @example
 * ```ts
 * try { await stores.approvalStateStore.issue(binding); } catch (error) {
 *   if (StoreError.isInstance(error) && error.retryable) setTimeout(tryAgain, error.retryAfterMs);
 * }
 * ```
 */
export class StoreError extends ArmorerError<StoreErrorCode> {
  /** True when trying again later can succeed (`unavailable`, `timeout`, `busy`). */
  readonly retryable: boolean;
  /** How long to wait before trying again; set exactly when `retryable` is true. */
  declare readonly retryAfterMs?: number;

  constructor(options: StoreErrorOptions) {
    super(options);
    this.name = 'StoreError';
    const suggested = RETRY_AFTER_MS[options.code];
    this.retryable = suggested !== undefined;
    if (suggested !== undefined) {
      const given = options.retryAfterMs;
      this.retryAfterMs =
        typeof given === 'number' && Number.isFinite(given) && given >= 0 ? Math.ceil(given) : suggested;
    }
  }

  /** True for a store error from any store package, whichever copy of armorer created it. */
  static override isInstance(error: unknown): error is StoreError {
    return ArmorerError.isInstance(error) && error.name === 'StoreError';
  }
}
