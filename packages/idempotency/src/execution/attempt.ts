import type { InterceptedInvocation } from '@armorer/core';
import type { UnreadableEntry } from '../cache/entries';
import { isPromiseLike } from '../cache/exclusive';
import type {
  ClaimResult,
  CompletedEntry,
  MaybePromise,
  StartedEntry,
  ToolResultCacheEntry,
} from '../cache/types';
import { isKeyText, MAX_KEY_LENGTH } from '../keys/cache-key';
import { canonicalJson } from '../keys/canonical';
import type { Engine } from './engine';
import { failure, storeFailure } from './failures';
import { collect, guarded, isAsyncIterable, replay } from './maybe';
import { resolveWithLegacyReceipt, resolveWithReceipt } from './resolve';
import type { Answer, CallTicket } from './ticket';

/**
 * Stands in front of one implementation call, after validation and policy: derives the key, then
 * claims it and runs the tool (`fresh`), or answers from what the cache holds (`deduped`,
 * `unknown-outcome`, `authorization-required`) without running it.
 */
export function interceptCall(
  engine: Engine,
  ticket: CallTicket,
  invocation: InterceptedInvocation,
): unknown {
  const key = deriveKey(engine, ticket, invocation);
  if (key === undefined) {
    if (ticket.receipt !== undefined || ticket.legacyReceipt !== undefined) {
      throw failure(
        'IDEMPOTENCY_RECEIPT_REJECTED',
        `Tool "${invocation.configuration.name}" did not run: a resolution receipt needs an idempotency key and this call has none.`,
      );
    }
    return invocation.proceed();
  }
  const scope = engine.scopeOf(invocation);
  const attempt = new Attempt(engine, ticket, invocation, scope.keyOf(key), scope.toolRevision);
  if (ticket.receipt !== undefined && ticket.legacyReceipt !== undefined) {
    return attempt.reject('pass either a resolution receipt or a legacy resolution receipt, not both');
  }
  if (ticket.receipt !== undefined) return resolveWithReceipt(attempt, ticket.receipt);
  if (ticket.legacyReceipt !== undefined) return resolveWithLegacyReceipt(attempt, ticket.legacyReceipt);
  return attempt.lookup();
}

function deriveKey(
  engine: Engine,
  ticket: CallTicket,
  invocation: InterceptedInvocation,
): string | undefined {
  const name = invocation.configuration.name;
  let key: unknown = ticket.explicitKey;
  if (key === undefined) {
    const derive = invocation.configuration.idempotencyKey;
    if (derive === undefined && engine.options.requireExplicitKey) return undefined;
    try {
      key = derive === undefined ? canonicalJson(invocation.params) : derive(invocation.params);
    } catch (error) {
      throw failure(
        'INVALID_TOOL_CALL',
        `Tool "${name}" did not run: its idempotency key could not be derived.`,
        error,
      );
    }
  }
  if (!isKeyText(key)) {
    throw failure(
      'INVALID_TOOL_CALL',
      `Tool "${name}" did not run: an idempotency key must be a non-empty string of at most ${MAX_KEY_LENGTH} characters, without lone surrogates.`,
    );
  }
  return key;
}

/** One attempt at one key. Public fields are read by the lease keeper and the receipt flows. */
export class Attempt {
  attemptId = '';
  leaseDeadlineAt = 0;
  #answer: Answer | undefined = undefined;
  /** Something asynchronous (a store answer, a verifier) may have been awaited on the way to running. */
  waited = false;

  constructor(
    readonly engine: Engine,
    readonly ticket: CallTicket,
    readonly invocation: InterceptedInvocation,
    readonly key: string,
    readonly toolRevision: string,
  ) {}

  get toolName(): string {
    return this.invocation.configuration.name;
  }

  /** A new started entry for this attempt (fresh id, lease from now). */
  started(): StartedEntry {
    const { now, leaseMs, maxLeaseMs, createAttemptId } = this.engine.options;
    const startedAt = now();
    const attemptId = createAttemptId();
    if (typeof attemptId !== 'string' || attemptId.length === 0) {
      throw new TypeError('createAttemptId() must return a non-empty string.');
    }
    this.attemptId = attemptId;
    this.leaseDeadlineAt = startedAt + maxLeaseMs;
    return {
      version: 1,
      state: 'started',
      attemptId: this.attemptId,
      startedAt,
      leaseExpiresAt: startedAt + leaseMs,
      leaseDeadlineAt: this.leaseDeadlineAt,
    };
  }

  /** Runs a store operation; its failure ends the call with IDEMPOTENCY_STORE_FAILED. */
  store<T>(operation: () => T | PromiseLike<T>): T | Promise<T> {
    return guarded(operation, (error) => {
      throw storeFailure(this.toolName, error);
    });
  }

  /** Answers from a recorded entry when there is one (the cheap path of a retry), else claims the key. */
  lookup(): unknown {
    let entry: MaybePromise<ToolResultCacheEntry | undefined>;
    try {
      entry = this.engine.options.cache.get(this.key);
    } catch (error) {
      throw storeFailure(this.toolName, error);
    }
    if (isPromiseLike<ToolResultCacheEntry | undefined>(entry)) return this.#lookupLater(entry);
    return entry === undefined ? this.claim() : this.answerExisting(entry);
  }

  /*
   * The steps of a call with a synchronous store build no closure: JavaScriptCore allocates the scope a
   * closure captures (here `this`) on entry to the method that contains it, whether or not the branch
   * runs, so what an asynchronous store or tool needs lives in methods of its own.
   */

  #lookupLater(entry: PromiseLike<ToolResultCacheEntry | undefined>): Promise<unknown> {
    return Promise.resolve(entry).then(
      (current) => {
        this.waited = true;
        return current === undefined ? this.claim() : this.answerExisting(current);
      },
      (error: unknown) => {
        throw storeFailure(this.toolName, error);
      },
    );
  }

  claim(): unknown {
    const entry = this.started();
    let claimed: MaybePromise<ClaimResult>;
    try {
      claimed = this.engine.options.cache.claimStarted(this.key, entry);
    } catch (error) {
      throw storeFailure(this.toolName, error);
    }
    if (isPromiseLike<ClaimResult>(claimed)) return this.#claimLater(claimed);
    return this.#afterClaim(claimed);
  }

  #claimLater(claimed: PromiseLike<ClaimResult>): Promise<unknown> {
    return Promise.resolve(claimed).then(
      (claim) => {
        this.waited = true;
        return this.#afterClaim(claim);
      },
      (error: unknown) => {
        throw storeFailure(this.toolName, error);
      },
    );
  }

  /** Runs only on exactly `{ claimed: true }`: any other answer of a host's cache is what it found, or a failure. */
  #afterClaim(claim: ClaimResult): unknown {
    if (claim?.claimed === true) return this.run();
    if (claim?.claimed === false) return this.answerExisting(claim.entry);
    throw storeFailure(
      this.toolName,
      new TypeError('claimStarted() answered neither claimed: true nor false.'),
    );
  }

  /** Answers from an entry some other attempt wrote; never runs the tool. */
  answerExisting(entry: ToolResultCacheEntry | UnreadableEntry): unknown {
    if (typeof entry !== 'object' || entry === null) {
      throw storeFailure(this.toolName, new TypeError('The cache answered something that is not an entry.'));
    }
    if (entry.state === 'completed') return this.answerCompleted(entry);
    if (entry.state === 'unreadable') throw storeFailure(this.toolName, new TypeError('unreadable entry'));
    if (entry.attemptId === undefined) {
      this.#record({
        outcome: 'unknown-outcome',
        key: this.key,
        toolRevision: this.toolRevision,
        legacyStartedAt: entry.startedAt,
      });
      throw failure(
        'IDEMPOTENCY_UNKNOWN_OUTCOME',
        `Tool "${this.toolName}" was started for this operation before attempts were fenced, and no result was recorded. It was not run again: do not retry; a person must check whether it took effect.`,
      );
    }
    this.#record({
      outcome: 'unknown-outcome',
      key: this.key,
      toolRevision: this.toolRevision,
      attemptId: entry.attemptId,
    });
    const running = entry.leaseExpiresAt > this.engine.options.now();
    throw failure(
      'IDEMPOTENCY_UNKNOWN_OUTCOME',
      running
        ? `Tool "${this.toolName}" is already running for this operation (attempt ${entry.attemptId}). It was not run again; wait for that attempt's result instead of retrying.`
        : `Tool "${this.toolName}" was started for this operation (attempt ${entry.attemptId}) and recorded no result. It was not run again: do not retry; a person must check whether it took effect.`,
    );
  }

  answerCompleted(entry: CompletedEntry): unknown {
    const authorized = entry.policyRevision === (this.invocation.policyRevision ?? null);
    this.#record({
      outcome: authorized ? 'deduped' : 'authorization-required',
      key: this.key,
      toolRevision: this.toolRevision,
      attemptId: entry.attemptId,
    });
    if (!authorized) {
      throw failure(
        'IDEMPOTENCY_AUTHORIZATION_REQUIRED',
        `Tool "${this.toolName}" already ran for this operation under another policy revision; its result is withheld until the call is authorized again. It was not run again.`,
      );
    }
    return entry.streamed ? replay(entry.value) : entry.value;
  }

  /** Refuses a receipt; nothing was run. */
  reject(reason: string): never {
    throw failure(
      'IDEMPOTENCY_RECEIPT_REJECTED',
      `Tool "${this.toolName}" did not run: the resolution receipt was refused (${reason}).`,
    );
  }

  /**
   * This attempt holds the key: run the implementation and record what it returned. After an
   * asynchronous wait (`waited`) the call may have ended meanwhile; only then is that checked (reading the
   * call's signal allocates it).
   */
  run(): unknown {
    // The call ended (timed out, cancelled) while the store answered: never start its side effect now.
    if (this.waited && this.#aborted()) return this.#abandon();
    this.#answer = this.#record({
      outcome: 'fresh',
      key: this.key,
      toolRevision: this.toolRevision,
      attemptId: this.attemptId,
    });
    let returned: unknown;
    try {
      returned = this.invocation.proceed();
    } catch (error) {
      return this.#release(error);
    }
    if (
      typeof returned === 'object' &&
      returned !== null &&
      typeof (returned as PromiseLike<unknown>).then === 'function'
    ) {
      this.engine.leases.add(this);
      return this.#awaitImplementation(returned as PromiseLike<unknown>);
    }
    return this.#succeed(returned);
  }

  #awaitImplementation(returned: PromiseLike<unknown>): Promise<unknown> {
    return Promise.resolve(returned).then(
      (value) => this.#succeed(value),
      (error: unknown) => this.#release(error),
    );
  }

  #succeed(value: unknown): unknown {
    if (isAsyncIterable(value)) {
      this.engine.leases.add(this);
      return this.#collect(value);
    }
    return this.#complete(value, false);
  }

  #collect(stream: AsyncIterable<unknown>): Promise<unknown> {
    return collect(stream).then(
      (chunks) => this.#complete(chunks, true),
      (error: unknown) => this.#release(error),
    );
  }

  #complete(value: unknown, streamed: boolean): unknown {
    this.engine.leases.delete(this);
    const entry: CompletedEntry = {
      version: 1,
      state: 'completed',
      attemptId: this.attemptId,
      completedAt: this.engine.options.now(),
      policyRevision: this.invocation.policyRevision ?? null,
      value,
      streamed,
    };
    const answer = streamed ? replay(value) : value;
    // The tool ran: its result goes back to this caller even when recording fails or was fenced out
    // (later callers then see the attempt as unknown, never a silent re-run).
    let recording: PromiseLike<unknown> | undefined;
    try {
      recording = pending(this.engine.options.cache.completeStarted(this.key, this.attemptId, entry));
    } catch {
      // Recording failed: the started marker stays and later callers see an unknown outcome.
    }
    return this.#end(recording, false, answer);
  }

  #release(error: unknown): never | Promise<never> {
    this.engine.leases.delete(this);
    // Failed after its call was aborted (timeout, cancellation, shutdown): the failure may be the abort's
    // doing after the side effect happened, and the caller was answered unknown-outcome. The started
    // marker stays (its lease runs out), so a retry is answered unknown-outcome too, never re-run.
    if (this.#aborted()) throw error;
    // The tool failed: free the key so a retry can run (a fenced-out attempt's cleanup is refused).
    let deleting: PromiseLike<unknown> | undefined;
    try {
      deleting = pending(this.engine.options.cache.deleteStarted(this.key, this.attemptId));
    } catch {
      // Deleting failed: the started marker stays and later callers see an unknown outcome.
    }
    return this.#end(deleting, true, error) as never | Promise<never>;
  }

  /** Gives the key back without running the tool (nothing ran, so a retry may run it). */
  #abandon(): Promise<never> {
    const ended = failure(
      'CANCELLED',
      `Tool "${this.toolName}" did not run: its call ended before the idempotency record was claimed.`,
    );
    return Promise.resolve(
      this.store(() => this.engine.options.cache.deleteStarted(this.key, this.attemptId)),
    ).then(
      () => Promise.reject(ended),
      () => Promise.reject(ended),
    );
  }

  #aborted(): boolean {
    try {
      return this.invocation.context.signal.aborted === true;
    } catch {
      return true; // Cannot tell: keep the marker.
    }
  }

  /** Ends the attempt once its last store write is done: answers with `outcome`, or throws it when `failed`. */
  #end(write: PromiseLike<unknown> | undefined, failed: boolean, outcome: unknown): unknown {
    if (write !== undefined) return this.#endOnceWritten(write, failed, outcome);
    this.#settled();
    if (failed) throw outcome;
    return outcome;
  }

  #endOnceWritten(write: PromiseLike<unknown>, failed: boolean, outcome: unknown): Promise<unknown> {
    const done = (): unknown => {
      this.#settled();
      if (failed) throw outcome;
      return outcome;
    };
    return Promise.resolve(write).then(done, done);
  }

  #settled(): void {
    if (this.#answer !== undefined) this.#answer.settled = true;
  }

  #record(info: Parameters<CallTicket['answer']>[1]): Answer {
    return this.ticket.answer(this.invocation, info);
  }
}

/** A store write's promise, or undefined when it already finished (read once: a `then` getter may throw). */
function pending(value: unknown): PromiseLike<unknown> | undefined {
  return isPromiseLike<unknown>(value) ? value : undefined;
}
