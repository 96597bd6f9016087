// The marker armorer's base error uses, so `ArmorerError.isInstance` recognizes these errors too.
const ARMORER_ERROR = Symbol.for('armorer.error');

/**
 * Why a durable store failed (not why it refused: refusals are `ApprovalError`s and `false` answers).
 * - `busy`: the database stayed locked by another process past the busy timeout; retrying may succeed.
 * - `unavailable`: the database cannot be opened, read or written (missing directory, permissions, disk
 *   full, a server that is down).
 * - `corrupt`: the file is not a database, or holds rows this package did not write.
 * - `incompatible-schema`: the file was migrated by a newer version of this package.
 * - `closed`: the store was closed.
 */
export type StoreErrorCode = 'busy' | 'unavailable' | 'corrupt' | 'incompatible-schema' | 'closed';

/** Options of the {@link StoreError} constructor. */
export interface StoreErrorOptions {
  readonly code: StoreErrorCode;
  readonly message: string;
  readonly cause?: unknown;
}

/**
 * Thrown by a durable store when its storage fails. `retryable` is true for `busy` and `unavailable`.
 * Recognized by `ArmorerError.isInstance` from `armorer`, and across duplicate installs by
 * `StoreError.isInstance`.
 *
 * @example
 * ```ts
 * try { await stores.approvals.issue(binding); } catch (error) {
 *   if (StoreError.isInstance(error) && error.retryable) scheduleRetry();
 * }
 * ```
 */
export class StoreError extends Error {
  readonly [ARMORER_ERROR] = true;
  readonly code: StoreErrorCode;
  readonly retryable: boolean;

  constructor(options: StoreErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StoreError';
    this.code = options.code;
    this.retryable = options.code === 'busy' || options.code === 'unavailable';
  }

  /** True for a store error from any copy of this package. */
  static isInstance(error: unknown): error is StoreError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[ARMORER_ERROR] === true &&
      (error as { name?: unknown }).name === 'StoreError'
    );
  }
}

// Primary SQLite result codes (the low byte of an extended code).
const SQLITE_PERM = 3;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

/** The SQLite result code of an error thrown by `bun:sqlite` or `node:sqlite`, if it carries one. */
function sqliteCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { errno?: unknown; errcode?: unknown; code?: unknown };
  const numeric = typeof record.errcode === 'number' ? record.errcode : record.errno;
  if (typeof numeric === 'number') return numeric & 0xff;
  return undefined;
}

/** Turns a driver failure into a typed {@link StoreError}; errors already typed pass through. */
export function toStoreError(error: unknown, doing: string): unknown {
  if (StoreError.isInstance(error)) return error;
  const code = sqliteCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  switch (code) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return new StoreError({
        code: 'busy',
        message: `SQLite stayed locked while ${doing}: ${detail}`,
        cause: error,
      });
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return new StoreError({
        code: 'corrupt',
        message: `SQLite file is corrupt while ${doing}: ${detail}`,
        cause: error,
      });
    case SQLITE_PERM:
    case SQLITE_READONLY:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_CANTOPEN:
      return new StoreError({
        code: 'unavailable',
        message: `SQLite is unavailable while ${doing}: ${detail}`,
        cause: error,
      });
    default:
      return code === undefined
        ? error
        : new StoreError({
            code: 'unavailable',
            message: `SQLite failed while ${doing}: ${detail}`,
            cause: error,
          });
  }
}
