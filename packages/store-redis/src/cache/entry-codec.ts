import type { CompletedEntry, StartedEntry, ToolResultCacheEntry } from '@armorer/idempotency';
import { StoreError } from '../errors/store-error';

/** Checks a cache key. @internal */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0)
    throw new TypeError('A cache key must be a non-empty string.');
  return key;
}

const isTime = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Checks a started entry a caller asks the store to write. @internal */
export function checkStarted(entry: StartedEntry): void {
  if (
    entry?.state !== 'started' ||
    entry.version !== 1 ||
    typeof entry.attemptId !== 'string' ||
    entry.attemptId.length === 0 ||
    !isTime(entry.startedAt) ||
    !isTime(entry.leaseExpiresAt) ||
    !isTime(entry.leaseDeadlineAt)
  ) {
    throw new TypeError('Expected a started entry with version 1, an attemptId and lease times.');
  }
}

/** Checks a completed entry of the named attempt. @internal */
export function checkCompleted(entry: CompletedEntry, attemptId: string): void {
  if (entry?.state !== 'completed' || entry.attemptId !== attemptId || entry.version !== 1) {
    throw new TypeError('completeStarted() needs a completed entry of the same attempt.');
  }
}

/** The JSON text of an entry; a value JSON cannot hold fails here, before anything is written. @internal */
export function encodeEntry(entry: ToolResultCacheEntry): string {
  return JSON.stringify(entry);
}

/**
 * Reads a stored entry back. The lease lives in its own field (renewals move it without rewriting the
 * entry), so a started entry's `leaseExpiresAt` comes from `lease`. @internal
 */
export function decodeStored(json: string, lease: string | number | null): ToolResultCacheEntry {
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch (error) {
    throw corrupt(error);
  }
  const record = entry as Record<string, unknown> | null;
  if (typeof record !== 'object' || record === null) throw corrupt();
  if (record.state === 'completed') {
    if (record.version !== 1 || typeof record.attemptId !== 'string') throw corrupt();
    return record as unknown as CompletedEntry;
  }
  if (record.state !== 'started' || !isTime(record.startedAt)) throw corrupt();
  if (record.attemptId === undefined) return record as unknown as ToolResultCacheEntry;
  const leaseExpiresAt = lease === null ? record.leaseExpiresAt : Number(lease);
  if (typeof record.attemptId !== 'string' || !isTime(leaseExpiresAt) || !isTime(record.leaseDeadlineAt)) {
    throw corrupt();
  }
  return { ...(record as unknown as StartedEntry), leaseExpiresAt: leaseExpiresAt as number };
}

function corrupt(cause?: unknown): StoreError {
  return new StoreError({
    code: 'corrupt-record',
    message: 'The store holds an idempotency record it cannot read.',
    ...(cause === undefined ? {} : { cause }),
  });
}
