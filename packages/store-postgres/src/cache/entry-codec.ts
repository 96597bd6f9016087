import type { ToolResultCacheEntry } from '@armorer/idempotency';

// The entry checks and the reading back are shared by every store (they live in @armorer/idempotency).
export {
  checkCacheKey as checkKey,
  checkCompletedEntry as checkCompleted,
  checkStartedEntry as checkStarted,
  parseStoredEntry as decodeStored,
} from '@armorer/idempotency';

/** The JSON text of an entry; a value JSON cannot hold fails here, before anything is written. @internal */
export function encodeEntry(entry: ToolResultCacheEntry): string {
  return JSON.stringify(entry);
}
