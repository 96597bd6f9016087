import type { CompletedEntry, LegacyStartedEntry, StartedEntry, ToolResultCacheEntry } from './types';

/** A stored value that is no entry this package wrote (corrupt or foreign data). */
export interface UnreadableEntry {
  readonly state: 'unreadable';
}

const UNREADABLE: UnreadableEntry = Object.freeze({ state: 'unreadable' });

/** Reads what a store holds, defensively: a durable store may return anything. */
export function decodeEntry(value: unknown): ToolResultCacheEntry | UnreadableEntry | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') return UNREADABLE;
  const entry = value as Record<string, unknown>;
  if (entry['state'] === 'completed') {
    if (entry['version'] !== 1 || typeof entry['attemptId'] !== 'string') return UNREADABLE;
    return value as CompletedEntry;
  }
  if (entry['state'] !== 'started' || !isTime(entry['startedAt'])) return UNREADABLE;
  if (entry['attemptId'] === undefined) return value as LegacyStartedEntry;
  if (
    entry['version'] !== 1 ||
    typeof entry['attemptId'] !== 'string' ||
    !isTime(entry['leaseExpiresAt']) ||
    !isTime(entry['leaseDeadlineAt'])
  ) {
    return UNREADABLE;
  }
  return value as StartedEntry;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A started entry with an attempt id (not a legacy marker). */
export function isFencedStarted(
  entry: ToolResultCacheEntry | UnreadableEntry | undefined,
): entry is StartedEntry {
  return entry?.state === 'started' && typeof entry.attemptId === 'string';
}

/** Checks an entry a caller asks the cache to write. */
export function checkStartedEntry(entry: StartedEntry): void {
  if (!isFencedStarted(decodeEntry(entry))) {
    throw new TypeError('Expected a started entry with version 1, an attemptId and lease times.');
  }
}
