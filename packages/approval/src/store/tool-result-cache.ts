// The contract of idempotency's result cache, on the bottom floor beside the other store contracts so that
// durable stores implement it without depending on the idempotency engine; `@armorer/idempotency`
// re-exports these types and implements the process-local cache.
import type { MaybePromise } from './approval-state-store';

/** An attempt that claimed a key and has not recorded a result yet. */
export interface StartedEntry {
  readonly version: 1;
  readonly state: 'started';
  /** Fences the attempt: only this id may renew, complete or delete the entry. */
  readonly attemptId: string;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  /** The lease: until then the attempt counts as running. Renewed by active work. */
  readonly leaseExpiresAt: number;
  /** The absolute deadline no renewal may pass. */
  readonly leaseDeadlineAt: number;
}

/** A started marker written before attempt fencing existed: no attempt id, only when it started. */
export interface LegacyStartedEntry {
  readonly state: 'started';
  readonly startedAt: number;
  readonly attemptId?: undefined;
}

/** A recorded result. */
export interface CompletedEntry {
  readonly version: 1;
  readonly state: 'completed';
  /** The attempt that recorded it. */
  readonly attemptId: string;
  readonly completedAt: number;
  /** The policy revision that authorized the call that recorded it (`null`: none configured). */
  readonly policyRevision: string | null;
  /** What the implementation returned (the collected chunks for streamed output). */
  readonly value: unknown;
  /** The implementation returned an async iterable: replays stream `value`'s chunks. */
  readonly streamed: boolean;
}

/** Anything a {@link ToolResultCache} holds under a key. */
export type ToolResultCacheEntry = StartedEntry | LegacyStartedEntry | CompletedEntry;

/** What {@link ToolResultCache.claimStarted} answers. */
export type ClaimResult =
  | { readonly claimed: true }
  | { readonly claimed: false; readonly entry: ToolResultCacheEntry };

/**
 * The store contract of idempotent execution. Every method except `get` is one atomic compare-and-set:
 * a durable implementation uses its storage's native conditional writes (a transaction, `SET NX`, a
 * conditional `UPDATE`), never a read followed by a separate write. Methods may answer synchronously.
 *
 * Rules (the conformance suite of `@armorer/test` checks each one):
 * - `claimStarted` writes `entry` only when the key is absent; otherwise it returns what is there.
 * - `renewStarted` moves the lease of the named started attempt forward to at most
 *   `min(leaseExpiresAt, leaseDeadlineAt)` (never backward); false when the attempt is not the current
 *   one or its lease already reached the deadline, true otherwise.
 * - `completeStarted` and `deleteStarted` act only on the named current started attempt (late completions
 *   and cleanups of a fenced-out attempt are refused).
 * - `replaceUnknownStarted` replaces the named started attempt only once its lease expired (`<= now`).
 * - `replaceLegacyStarted` replaces only a legacy (unfenced) started marker with exactly that `startedAt`.
 */
export interface ToolResultCache {
  readonly specificationVersion: 'v1';
  get(key: string): MaybePromise<ToolResultCacheEntry | undefined>;
  claimStarted(key: string, entry: StartedEntry): MaybePromise<ClaimResult>;
  renewStarted(key: string, attemptId: string, leaseExpiresAt: number): MaybePromise<boolean>;
  completeStarted(key: string, attemptId: string, entry: CompletedEntry): MaybePromise<boolean>;
  deleteStarted(key: string, attemptId: string): MaybePromise<boolean>;
  replaceUnknownStarted(
    key: string,
    attemptId: string,
    entry: StartedEntry,
    now: number,
  ): MaybePromise<boolean>;
  replaceLegacyStarted(key: string, legacyStartedAt: number, entry: StartedEntry): MaybePromise<boolean>;
}

/**
 * The key-value store under {@link createToolResultCache}: a `Map` works. Methods may return promises;
 * the cache then serializes operations on one key among the caches sharing this store object.
 */
export interface ToolResultKeyValueStore {
  get(key: string): unknown;
  set(key: string, value: ToolResultCacheEntry): unknown;
  delete(key: string): unknown;
}
