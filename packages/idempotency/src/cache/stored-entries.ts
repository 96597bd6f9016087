import { StoreError } from '@armorer/core';
import { isWellFormed } from '../keys/cache-key';
import { checkStartedEntry, decodeEntry } from './entries';
import type { CompletedEntry, StartedEntry, ToolResultCacheEntry } from './types';

export { checkStartedEntry };

/**
 * For store authors: refuses a cache key that is not a non-empty string (a `TypeError`) and returns it.
 *
 * @example
 * ```ts
 * const redisKey = `${prefix}${checkCacheKey(key)}`;
 * ```
 */
export function checkCacheKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0)
    throw new TypeError('A cache key must be a non-empty string.');
  return key;
}

/**
 * For store authors whose storage keeps keys as UTF-8 text (Redis, PostgreSQL): {@link checkCacheKey}, and
 * refuses (a `TypeError`) a key with a lone surrogate, which UTF-8 turns into U+FFFD, so two such keys would
 * share one record. A store that keeps UTF-16 exactly (SQLite here, a `Map`) needs only `checkCacheKey`.
 *
 * @example
 * ```ts
 * const redisKey = `${prefix}${checkUtf8CacheKey(key)}`;
 * ```
 */
export function checkUtf8CacheKey(key: string): string {
  if (!isWellFormed(checkCacheKey(key))) {
    throw new TypeError('A key with a lone surrogate cannot be stored exactly: the server keeps UTF-8.');
  }
  return key;
}

/**
 * For store authors: refuses a time (epoch milliseconds) that is not a finite number (a `TypeError`) and
 * returns it, before it reaches a script or a query.
 *
 * @example
 * ```ts
 * renewStarted(key, attemptId, leaseExpiresAt) { return renew(key, attemptId, checkTime(leaseExpiresAt)); }
 * ```
 */
export function checkTime(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError('Expected a finite number.');
  return value;
}

/**
 * For store authors: refuses (a `TypeError`) a completed entry that is not version 1 of the attempt
 * `completeStarted` names.
 *
 * @example
 * ```ts
 * completeStarted(key, attemptId, entry) { checkCompletedEntry(entry, attemptId); ... }
 * ```
 */
export function checkCompletedEntry(entry: CompletedEntry, attemptId: string): void {
  if (entry?.state !== 'completed' || entry.attemptId !== attemptId || entry.version !== 1) {
    throw new TypeError('completeStarted() needs a completed entry of the same attempt.');
  }
}

/**
 * For store authors: reads back an entry a durable store wrote as JSON. A store that keeps the lease in a
 * field of its own (so renewals do not rewrite the entry) passes it as `leaseExpiresAt`; it replaces the
 * started entry's. Anything that is not an entry this package's contract allows throws a
 * {@link StoreError} with code `corrupt-record`, never reads as an entry.
 *
 * @example
 * ```ts
 * const entry = row === undefined ? undefined : parseStoredEntry(row.entry, row.lease_expires_at);
 * ```
 */
export function parseStoredEntry(
  json: string,
  leaseExpiresAt?: string | number | null,
): ToolResultCacheEntry {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw corrupt('holds unreadable JSON', error);
  }
  const record = value as Partial<StartedEntry> | null;
  if (
    leaseExpiresAt !== undefined &&
    leaseExpiresAt !== null &&
    typeof record === 'object' &&
    record !== null &&
    record.state === 'started' &&
    record.attemptId !== undefined
  ) {
    value = { ...record, leaseExpiresAt: Number(leaseExpiresAt) };
  }
  const entry = decodeEntry(value);
  if (entry === undefined || entry.state === 'unreadable') throw corrupt('holds no entry a store wrote');
  return entry;
}

function corrupt(what: string, cause?: unknown): StoreError {
  return new StoreError({
    code: 'corrupt-record',
    message: `An idempotency record ${what}.`,
    ...(cause === undefined ? {} : { cause }),
  });
}
