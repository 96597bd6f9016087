import { parseStoredEntry, type ToolResultCacheEntry } from '@armorer/idempotency';

// The entry checks are shared by every store (they live in @armorer/idempotency).
export { checkCacheKey as checkKey, checkStartedEntry as checkStarted } from '@armorer/idempotency';

/** Reads a stored entry back; a row this package did not write is a `corrupt-record` store error. */
export function decodeStored(body: unknown): ToolResultCacheEntry {
  return parseStoredEntry(String(body));
}
