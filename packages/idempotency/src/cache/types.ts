// The result cache contract lives in @armorer/approval (the bottom floor); re-exported for existing imports.
export type {
  ClaimResult,
  CompletedEntry,
  LegacyStartedEntry,
  MaybePromise,
  StartedEntry,
  ToolResultCache,
  ToolResultCacheEntry,
  ToolResultKeyValueStore,
} from '@armorer/approval';
