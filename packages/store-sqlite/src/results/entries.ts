import type { CompletedEntry, StartedEntry, ToolResultCacheEntry } from '@armorer/idempotency';
import { StoreError } from '../errors/store-error';

/** Reads a stored entry back; a row this package did not write is a `corrupt` store error. */
export function decodeStored(body: unknown): ToolResultCacheEntry {
  let value: unknown;
  try {
    value = JSON.parse(String(body));
  } catch (error) {
    throw new StoreError({
      code: 'corrupt-record',
      message: 'A result row holds unreadable JSON.',
      cause: error,
    });
  }
  const entry = value as Record<string, unknown> | null;
  if (typeof entry === 'object' && entry !== null) {
    if (entry.state === 'completed' && entry.version === 1 && typeof entry.attemptId === 'string') {
      return value as CompletedEntry;
    }
    if (entry.state === 'started' && isTime(entry.startedAt)) {
      if (entry.attemptId === undefined) return value as ToolResultCacheEntry;
      if (isStarted(value)) return value;
    }
  }
  throw new StoreError({
    code: 'corrupt-record',
    message: 'A result row holds no entry this package wrote.',
  });
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A fenced started entry: version 1, an attempt id and finite lease times. */
export function isStarted(value: unknown): value is StartedEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    entry.version === 1 &&
    entry.state === 'started' &&
    typeof entry.attemptId === 'string' &&
    isTime(entry.startedAt) &&
    isTime(entry.leaseExpiresAt) &&
    isTime(entry.leaseDeadlineAt)
  );
}

/** Refuses an entry a caller asks to write unless it is a fenced started entry. */
export function checkStarted(entry: StartedEntry): void {
  if (!isStarted(entry)) {
    throw new TypeError('Expected a started entry with version 1, an attemptId and lease times.');
  }
}

/** Refuses an empty or non-string key. */
export function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0)
    throw new TypeError('A cache key must be a non-empty string.');
}
