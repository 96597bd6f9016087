import { checkStartedEntry, decodeEntry, isFencedStarted, type UnreadableEntry } from './entries';
import { exclusive, hasInFlight, isPromiseLike } from './exclusive';
import { checkCacheKey } from './stored-entries';
import type {
  ClaimResult,
  CompletedEntry,
  MaybePromise,
  StartedEntry,
  ToolResultCache,
  ToolResultCacheEntry,
  ToolResultKeyValueStore,
} from './types';

/** Options of {@link createToolResultCache}. */
export interface ToolResultCacheOptions {
  /** Where entries live: a `Map`, or any object with `get`, `set` and `delete` (they may be async). */
  readonly store: ToolResultKeyValueStore;
}

type Current = ToolResultCacheEntry | UnreadableEntry | undefined;
/** What a compare-and-set decides: the value to write (`null` deletes, `undefined` writes nothing). */
type Decision<T> = readonly [write: ToolResultCacheEntry | null | undefined, answer: T];

const CLAIMED: ClaimResult = Object.freeze({ claimed: true });
const KEEP_FALSE: Decision<boolean> = [undefined, false];
const KEEP_TRUE: Decision<boolean> = [undefined, true];

/**
 * A {@link ToolResultCache} over a key-value store, process-local by design: its compare-and-set
 * operations are atomic among the caches of one JavaScript process that share the store object (a
 * synchronous store such as a `Map` needs no locking at all; an asynchronous one is serialized per key).
 * Several machines need a durable store implementing the contract natively.
 *
 * @example
 * ```ts
 * const cache = createToolResultCache({ store: new Map() });
 * const toolbox = withToolboxIdempotency(createToolbox([chargeCard]), { cache, tenantId: 'tenant-1' });
 * ```
 */
export function createToolResultCache(options: ToolResultCacheOptions): ToolResultCache {
  const store = options?.store;
  if (
    typeof store !== 'object' ||
    store === null ||
    typeof store.get !== 'function' ||
    typeof store.set !== 'function' ||
    typeof store.delete !== 'function'
  ) {
    throw new TypeError('createToolResultCache() needs a store with get, set and delete (a Map works).');
  }
  return new ProcessLocalToolResultCache(store);
}

class ProcessLocalToolResultCache implements ToolResultCache {
  readonly specificationVersion = 'v1' as const;
  readonly #store: ToolResultKeyValueStore;

  constructor(store: ToolResultKeyValueStore) {
    this.#store = store;
  }

  get(key: string): MaybePromise<ToolResultCacheEntry | undefined> {
    checkCacheKey(key);
    // A read needs no lock unless a write on this key is in flight (then it reads after it).
    if (hasInFlight(this.#store, key)) return this.#cas(key, (current) => [undefined, readable(current)]);
    const stored = this.#store.get(key);
    if (isPromiseLike(stored)) return Promise.resolve(stored).then((value) => readable(decodeEntry(value)));
    return readable(decodeEntry(stored));
  }

  claimStarted(key: string, entry: StartedEntry): MaybePromise<ClaimResult> {
    checkCacheKey(key);
    checkStartedEntry(entry);
    return this.#cas<ClaimResult>(key, (current) => {
      if (current === undefined) return [entry, CLAIMED];
      if (current.state === 'unreadable')
        throw new TypeError(`The store holds an unreadable entry under ${key}.`);
      return [undefined, { claimed: false, entry: current }];
    });
  }

  renewStarted(key: string, attemptId: string, leaseExpiresAt: number): MaybePromise<boolean> {
    checkCacheKey(key);
    return this.#cas(key, (current) => {
      if (!isFencedStarted(current) || current.attemptId !== attemptId) return KEEP_FALSE;
      if (current.leaseExpiresAt >= current.leaseDeadlineAt) return KEEP_FALSE;
      const next = Math.min(leaseExpiresAt, current.leaseDeadlineAt);
      return next > current.leaseExpiresAt ? [{ ...current, leaseExpiresAt: next }, true] : KEEP_TRUE;
    });
  }

  completeStarted(key: string, attemptId: string, entry: CompletedEntry): MaybePromise<boolean> {
    checkCacheKey(key);
    if (entry?.state !== 'completed' || entry.attemptId !== attemptId) {
      throw new TypeError('completeStarted() needs a completed entry of the same attempt.');
    }
    return this.#cas(key, (current) =>
      isFencedStarted(current) && current.attemptId === attemptId ? [entry, true] : KEEP_FALSE,
    );
  }

  deleteStarted(key: string, attemptId: string): MaybePromise<boolean> {
    checkCacheKey(key);
    return this.#cas(key, (current) =>
      isFencedStarted(current) && current.attemptId === attemptId ? [null, true] : KEEP_FALSE,
    );
  }

  replaceUnknownStarted(
    key: string,
    attemptId: string,
    entry: StartedEntry,
    now: number,
  ): MaybePromise<boolean> {
    checkCacheKey(key);
    checkStartedEntry(entry);
    return this.#cas(key, (current) =>
      isFencedStarted(current) && current.attemptId === attemptId && current.leaseExpiresAt <= now
        ? [entry, true]
        : KEEP_FALSE,
    );
  }

  replaceLegacyStarted(key: string, legacyStartedAt: number, entry: StartedEntry): MaybePromise<boolean> {
    checkCacheKey(key);
    checkStartedEntry(entry);
    return this.#cas(key, (current) =>
      current?.state === 'started' && current.attemptId === undefined && current.startedAt === legacyStartedAt
        ? [entry, true]
        : KEEP_FALSE,
    );
  }

  /** One read-decide-write on a key, atomic among the caches sharing the store. */
  #cas<T>(key: string, decide: (current: Current) => Decision<T>): MaybePromise<T> {
    const store = this.#store;
    if (!hasInFlight(store, key)) {
      // Nothing in flight on this key: a synchronous store completes here, with no lock and no closure.
      const stored = store.get(key);
      if (!isPromiseLike(stored)) {
        const answer = this.#apply(key, stored, decide);
        // A write still landing holds the key until it has.
        if (isPromiseLike(answer)) exclusive(store, key, () => answer);
        return answer;
      }
      return exclusive(store, key, () =>
        Promise.resolve(stored).then((value) => this.#apply(key, value, decide)),
      );
    }
    return exclusive(store, key, () => {
      const stored = store.get(key);
      if (isPromiseLike(stored))
        return Promise.resolve(stored).then((value) => this.#apply(key, value, decide));
      return this.#apply(key, stored, decide);
    });
  }

  #apply<T>(key: string, stored: unknown, decide: (current: Current) => Decision<T>): MaybePromise<T> {
    const [write, answer] = decide(decodeEntry(stored));
    if (write === undefined) return answer;
    const done = write === null ? this.#store.delete(key) : this.#store.set(key, write);
    return isPromiseLike(done) ? Promise.resolve(done).then(() => answer) : answer;
  }
}

function readable(current: Current): ToolResultCacheEntry | undefined {
  if (current?.state === 'unreadable') throw new TypeError('The store holds an unreadable entry.');
  return current;
}
