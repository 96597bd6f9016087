import { later } from '../../chunks/later';
import type { CallState } from '../call-state';
import { snapshotOf } from '../snapshots/snapshot';
import type {
  AbortScope,
  ExecutionSnapshot,
  ShutdownOptions,
  ShutdownReport,
} from '../snapshots/snapshot-types';
import { cancelledError } from './cancellation';

/** How many ended executions each owner keeps for inspection (a power of two: the ring index is masked). */
/** Waiting for the live executions and the report: a chunk of its own, only owners that shut down load it. */
const shutdownChunk = /* @__PURE__ */ later(() => import('./shutdown'));

const HISTORY_LIMIT = 256;
const HISTORY_MASK = HISTORY_LIMIT - 1;

/**
 * The lifetime of the work one owner (a toolbox, or a tool called directly) has admitted: which
 * executions are live, the owner's signal, idleness, admission, shutdown and the snapshot revision.
 */
export class ExecutionTracker {
  /** Live executions as an intrusive doubly linked list: O(1) admit/retire, no hashing on the hot path. */
  #head: CallState | undefined;
  #tail: CallState | undefined;
  /** Number of live executions. */
  liveCount = 0;
  /**
   * Set once the executions API is used (inspect, subscribe, locate, shutdown): from then on the
   * executions record activity timestamps and revisions (reading the clock on every call costs on the
   * hot path). Ended executions are kept in the bounded history from the first call either way, without
   * their payloads (see `CallState.releasePayloads`).
   */
  observing = false;
  /** Monotonic across every state change of every execution of this owner. */
  revision = 0;
  admissionClosed = false;
  completed = false;
  /**
   * The ended executions, a ring written at `ended & HISTORY_MASK`: plain fields and a mask keep the one
   * write a call pays here as cheap as a write can be (private fields and a modulo cost measurably).
   */
  history: (CallState | undefined)[] | undefined = undefined;
  /** How many executions have ended (the next ring slot, unmasked). */
  ended = 0;
  #controller: AbortController | undefined;
  #idle: { promise: Promise<void>; resolve: () => void } | undefined;
  #subscribers: Set<(snapshot: ExecutionSnapshot) => void> | undefined;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.completed) this.#controller.abort(new Error('The owner completed.'));
    }
    return this.#controller.signal;
  }

  admit(state: CallState): void {
    state.prevLive = this.#tail;
    state.nextLive = undefined;
    if (this.#tail === undefined) this.#head = state;
    else this.#tail.nextLive = state;
    this.#tail = state;
    state.isLive = true;
    this.liveCount++;
  }

  /** The live executions, oldest first. */
  live(): CallState[] {
    const states: CallState[] = [];
    for (let state = this.#head; state !== undefined; state = state.nextLive) states.push(state);
    return states;
  }

  /** Records a state change: a new revision, and a snapshot for subscribers when there are any. */
  touch(state: CallState): void {
    state.ext.revision = ++this.revision;
    if (this.#subscribers !== undefined && this.#subscribers.size !== 0) {
      const snapshot = snapshotOf(state);
      for (const subscriber of this.#subscribers) {
        try {
          subscriber(snapshot);
        } catch (error) {
          console.error('[armorer] an executions subscriber threw:', error);
        }
      }
    }
  }

  /** An execution reached terminal or unknown-effect: it leaves the live set for the history. */
  retire(state: CallState): void {
    if (!state.isLive) return;
    state.isLive = false;
    if (state.prevLive === undefined) this.#head = state.nextLive;
    else state.prevLive.nextLive = state.nextLive;
    if (state.nextLive === undefined) this.#tail = state.prevLive;
    else state.nextLive.prevLive = state.prevLive;
    state.prevLive = undefined;
    state.nextLive = undefined;
    this.liveCount--;
    // Allocated with the first ended call: a registry of many tools keeps no empty rings.
    if (this.history === undefined)
      this.history = new Array<CallState | undefined>(HISTORY_LIMIT).fill(undefined);
    this.history[this.ended++ & HISTORY_MASK] = state;
    if (this.liveCount === 0 && this.#idle !== undefined) {
      this.#idle.resolve();
      this.#idle = undefined;
    }
  }

  /** Live executions first registered, then the retained ended ones, oldest first. */
  all(): CallState[] {
    const ring = this.history ?? [];
    const kept = Math.min(this.ended, HISTORY_LIMIT);
    const ended: CallState[] = [];
    for (let index = this.ended - kept; index < this.ended; index++) {
      const state = ring[index & HISTORY_MASK];
      if (state !== undefined) ended.push(state);
    }
    return [...ended, ...this.live()];
  }

  subscribe(listener: (snapshot: ExecutionSnapshot) => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('subscribe() expects a function.');
    this.observing = true;
    this.#subscribers ??= new Set();
    this.#subscribers.add(listener);
    return () => this.#subscribers?.delete(listener);
  }

  whenIdle(): Promise<void> {
    if (this.liveCount === 0) return Promise.resolve();
    if (this.#idle === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      this.#idle = { promise, resolve };
    }
    return this.#idle.promise;
  }

  /** Requests cancellation of the live executions in scope; returns how many were asked. */
  abort(scope: AbortScope | undefined, reason?: string): number {
    let count = 0;
    for (const state of this.live()) {
      if (!inScope(state, scope)) continue;
      if (this.cancelExecution(state, reason)) count++;
    }
    return count;
  }

  /** Requests cancellation of one execution for its owner; false when it had already ended. */
  cancelExecution(state: CallState, reason?: string): boolean {
    const text = typeof reason === 'string' && reason.length > 0 ? reason : 'aborted by its owner';
    return state.cancel(cancelledError(state.reg.config.name, text));
  }

  closeAdmission(): void {
    this.admissionClosed = true;
  }

  complete(): Promise<void> {
    if (!this.completed) {
      this.completed = true;
      this.admissionClosed = true;
      this.#controller?.abort(new Error('The owner completed.'));
      this.abort(undefined, 'the owner completed');
    }
    return this.whenIdle();
  }

  /**
   * Closes admission (and, with the abort policy, cancels the live executions) at once; waiting for them
   * and the report load with a chunk of their own (`./shutdown`).
   */
  shutdown(options: ShutdownOptions | undefined): Promise<ShutdownReport> {
    const policy = options?.policy ?? 'drain';
    const timeoutMs = options?.timeoutMs;
    // Bad options reject (with the message the shutdown chunk words) and change nothing.
    if ((policy !== 'drain' && policy !== 'abort') || (timeoutMs !== undefined && !(timeoutMs >= 0))) {
      return shutdownChunk.load().then((loaded) => loaded.refuseOptions(policy));
    }
    this.closeAdmission();
    this.observing = true;
    const tracked = this.live();
    if (policy === 'abort') {
      this.#controller?.abort(new Error('The owner is shutting down.'));
      this.abort(undefined, 'the owner is shutting down');
    }
    return shutdownChunk.load().then((loaded) => loaded.drain(this, policy, timeoutMs, tracked, snapshotOf));
  }
}

function inScope(state: CallState, scope: AbortScope | undefined): boolean {
  if (scope === undefined) return true;
  if ('executionId' in scope) return state.executionId === scope.executionId;
  if ('callId' in scope) return state.callId === scope.callId;
  if ('ownerId' in scope) return state.ownerId === scope.ownerId;
  return false;
}
