import { StoreError } from '@armorer/core';

// One StoreError for every armorer store: defined in @armorer/core, re-exported here so existing imports work.
export { StoreError, type StoreErrorCode, type StoreErrorOptions } from '@armorer/core';

// Primary SQLite result codes (the low byte of an extended code).
export const SQLITE_PERM = 3;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
export const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
export const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

/** The SQLite result code of an error thrown by `bun:sqlite` or `node:sqlite`, if it carries one. */
export function sqliteCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { errno?: unknown; errcode?: unknown; code?: unknown };
  const numeric = typeof record.errcode === 'number' ? record.errcode : record.errno;
  if (typeof numeric === 'number') return numeric & 0xff;
  return undefined;
}

/** Whether a driver failure is SQLite's "database is locked" (busy or locked). */
export function isBusyError(error: unknown): boolean {
  const code = sqliteCode(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
}

/**
 * Turns a driver failure into a typed {@link StoreError}; errors already typed pass through. `waitedMs` is
 * the busy timeout, for the message of a lock held past it.
 */
export function toStoreError(error: unknown, doing: string, waitedMs?: number): unknown {
  if (StoreError.isInstance(error)) return error;
  const code = sqliteCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  switch (code) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return new StoreError({
        code: 'busy',
        message: `SQLite stayed locked by another connection${waitedMs === undefined ? '' : ` for ${waitedMs} ms (operationTimeoutMs)`} while ${doing}: ${detail}`,
        cause: error,
      });
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return new StoreError({
        code: 'corrupt-record',
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
