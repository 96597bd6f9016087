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
    if (hasInFlight(this.#store, key)) return this.#cas(key, decideRead, undefined);
    const stored = this.#store.get(key);
    if (isPromiseLike(stored)) return Promise.resolve(stored).then(decodeReadable);
    return decodeReadable(stored);
  }

  claimStarted(key: string, entry: StartedEntry): MaybePromise<ClaimResult> {
    checkCacheKey(key);
    checkStartedEntry(entry);
    return this.#cas(key, decideClaim, { key, entry });
  }

  renewStarted(key: string, attemptId: string, leaseExpiresAt: number): MaybePromise<boolean> {
    checkCacheKey(key);
    return this.#cas(key, decideRenew, { attemptId, leaseExpiresAt });
  }

  completeStarted(key: string, attemptId: string, entry: CompletedEntry): MaybePromise<boolean> {
    checkCacheKey(key);
    if (entry?.state !== 'completed' || entry.attemptId !== attemptId) {
      throw new TypeError('completeStarted() needs a completed entry of the same attempt.');
    }
    return this.#cas(key, decideComplete, entry);
  }

  deleteStarted(key: string, attemptId: string): MaybePromise<boolean> {
    checkCacheKey(key);
    return this.#cas(key, decideDelete, attemptId);
  }

  replaceUnknownStarted(
    key: string,
    attemptId: string,
    entry: StartedEntry,
    now: number,
  ): MaybePromise<boolean> {
    checkCacheKey(key);
    checkStartedEntry(entry);
    return this.#cas(key, decideReplaceUnknown, { attemptId, entry, now });
  }

  replaceLegacyStarted(key: string, legacyStartedAt: number, entry: StartedEntry): MaybePromise<boolean> {
    checkCacheKey(key);
    checkStartedEntry(entry);
    return this.#cas(key, decideReplaceLegacy, { legacyStartedAt, entry });
  }

  /**
   * One read-decide-write on a key, atomic among the caches sharing the store. `decide` is a module
   * function given `input`, not a closure: with a synchronous store a call then allocates no closure and no
   * captured scope (JavaScriptCore allocates a closure's scope on entry to the function that contains it,
   * so the waiting paths live in functions of their own).
   */
  #cas<T, A>(key: string, decide: Decide<T, A>, input: A): MaybePromise<T> {
    const store = this.#store;
    if (hasInFlight(store, key)) return this.#casQueued(key, decide, input);
    // Nothing in flight on this key: a synchronous store completes here, with no lock and no closure.
    const stored = store.get(key);
    if (isPromiseLike(stored)) return this.#casAfterRead(key, stored, decide, input);
    const answer = this.#apply(key, stored, decide, input);
    // A write still landing holds the key until it has.
    if (isPromiseLike(answer)) holdUntilWritten(store, key, answer);
    return answer;
  }

  #casAfterRead<T, A>(
    key: string,
    stored: PromiseLike<unknown>,
    decide: Decide<T, A>,
    input: A,
  ): MaybePromise<T> {
    return exclusive(this.#store, key, () => this.#applyOnceRead(key, stored, decide, input));
  }

  #casQueued<T, A>(key: string, decide: Decide<T, A>, input: A): MaybePromise<T> {
    const store = this.#store;
    return exclusive(store, key, () => {
      const stored = store.get(key);
      if (isPromiseLike(stored)) return this.#applyOnceRead(key, stored, decide, input);
      return this.#apply(key, stored, decide, input);
    });
  }

  #applyOnceRead<T, A>(
    key: string,
    stored: PromiseLike<unknown>,
    decide: Decide<T, A>,
    input: A,
  ): Promise<T> {
    return Promise.resolve(stored).then((value) => this.#apply(key, value, decide, input));
  }

  #apply<T, A>(key: string, stored: unknown, decide: Decide<T, A>, input: A): MaybePromise<T> {
    const [write, answer] = decide(decodeEntry(stored), input);
    if (write === undefined) return answer;
    const done = write === null ? this.#store.delete(key) : this.#store.set(key, write);
    return isPromiseLike(done) ? answerOnceWritten(done, answer) : answer;
  }
}

/** Decides a compare-and-set from the current entry and the operation's own input. */
type Decide<T, A> = (current: Current, input: A) => Decision<T>;

function decideRead(current: Current): Decision<ToolResultCacheEntry | undefined> {
  return [undefined, readable(current)];
}

function decideClaim(
  current: Current,
  input: { readonly key: string; readonly entry: StartedEntry },
): Decision<ClaimResult> {
  if (current === undefined) return [input.entry, CLAIMED];
  if (current.state === 'unreadable')
    throw new TypeError(`The store holds an unreadable entry under ${input.key}.`);
  return [undefined, { claimed: false, entry: current }];
}

function decideRenew(
  current: Current,
  input: { readonly attemptId: string; readonly leaseExpiresAt: number },
): Decision<boolean> {
  if (!isFencedStarted(current) || current.attemptId !== input.attemptId) return KEEP_FALSE;
  if (current.leaseExpiresAt >= current.leaseDeadlineAt) return KEEP_FALSE;
  const next = Math.min(input.leaseExpiresAt, current.leaseDeadlineAt);
  return next > current.leaseExpiresAt ? [{ ...current, leaseExpiresAt: next }, true] : KEEP_TRUE;
}

function decideComplete(current: Current, entry: CompletedEntry): Decision<boolean> {
  return isFencedStarted(current) && current.attemptId === entry.attemptId ? [entry, true] : KEEP_FALSE;
}

function decideDelete(current: Current, attemptId: string): Decision<boolean> {
  return isFencedStarted(current) && current.attemptId === attemptId ? [null, true] : KEEP_FALSE;
}

function decideReplaceUnknown(
  current: Current,
  input: { readonly attemptId: string; readonly entry: StartedEntry; readonly now: number },
): Decision<boolean> {
  return isFencedStarted(current) &&
    current.attemptId === input.attemptId &&
    current.leaseExpiresAt <= input.now
    ? [input.entry, true]
    : KEEP_FALSE;
}

function decideReplaceLegacy(
  current: Current,
  input: { readonly legacyStartedAt: number; readonly entry: StartedEntry },
): Decision<boolean> {
  return current?.state === 'started' &&
    current.attemptId === undefined &&
    current.startedAt === input.legacyStartedAt
    ? [input.entry, true]
    : KEEP_FALSE;
}

/** A synchronous read whose write is still landing: the key stays held until the write has. */
function holdUntilWritten(store: object, key: string, answer: PromiseLike<unknown>): void {
  exclusive(store, key, () => answer);
}

function answerOnceWritten<T>(done: PromiseLike<unknown>, answer: T): Promise<T> {
  return Promise.resolve(done).then(() => answer);
}

function decodeReadable(stored: unknown): ToolResultCacheEntry | undefined {
  return readable(decodeEntry(stored));
}

function readable(current: Current): ToolResultCacheEntry | undefined {
  if (current?.state === 'unreadable') throw new TypeError('The store holds an unreadable entry.');
  return current;
}
