import type { ApprovalBinding, ApprovalBindingState, ApprovalRequestView } from '../binding/types';

/** A value or a promise of it: a store may be synchronous or backed by I/O. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Where approval bindings live between the pause and the resume. Every toolbox that issues, restores,
 * revokes or resumes the same approvals must share one store (a database, queue or key-value store for
 * several processes). A toolbox passes checked bindings (`parseApprovalBinding` returns one as it is
 * and decodes a descriptor's version 2 envelope or version 1 binding). A binding is keyed by
 * `replayScope` and `nonce`; every method refuses by throwing
 * an `ApprovalError` and must be atomic with respect to the others for the same key. Every store answers
 * the same transition table (see the approvals guide); the conformance suite checks every cell of it.
 *
 * Run `approvalStateStoreConformance` from `@armorer/test` against an implementation to check the
 * contract.
 *
 * @example
 * ```ts
 * const store: ApprovalStateStore = createProcessLocalApprovalStateStore();
 * await store.issue(binding);
 * await store.reserve(binding, view, Date.now());
 * await store.commit(binding); // store.state(binding) -> 'consumed'
 * ```
 */
export interface ApprovalStateStore {
  /** Records a newly issued binding; fails (`already-issued`) when the key is known in any state. */
  issue(binding: ApprovalBinding): MaybePromise<void>;
  /**
   * Atomically validates the binding, matches it against the request view (see `matchApprovalBinding`)
   * and the clock, and moves it from issued to reserved at `now`. Fails closed for a missing
   * (`not-issued`), reserved, consumed, revoked, expired or mismatched binding. A reservation whose lease
   * passed (`reservedAt + reservationLeaseMs <= now`: its resume died before committing) counts as
   * issued, here and in `consume` and `revoke`.
   */
  reserve(binding: ApprovalBinding, view: ApprovalRequestView, now: number): MaybePromise<void>;
  /** Atomically moves a reserved binding to consumed (`not-reserved` otherwise), its lease passed or not. */
  commit(binding: ApprovalBinding): MaybePromise<void>;
  /** Returns a reserved binding to issued (the resume was refused or did not start). */
  release(binding: ApprovalBinding): MaybePromise<void>;
  /** `reserve` then `commit`, in one atomic step. */
  consume(binding: ApprovalBinding, view: ApprovalRequestView, now: number): MaybePromise<void>;
  /**
   * Moves an issued binding (or a reservation whose lease passed at `now`) to revoked; fails for a
   * consumed one and for a reservation whose lease runs; idempotent for a revoked one; records a revoked
   * tombstone for an unknown one. `now` is the clock `reserve` is given (default: the store's clock).
   */
  revoke(binding: ApprovalBinding, now?: number): MaybePromise<void>;
  /**
   * Where the binding's key stands as recorded, or `undefined` when the store has never seen it (a
   * reservation whose lease passed still reads `reserved`).
   */
  state(binding: ApprovalBinding): MaybePromise<ApprovalBindingState | undefined>;
  /**
   * Optional, with {@link ApprovalStateStore.restore}: the store's epoch, a random id the store keeps with
   * its state and replaces whenever that state may have been lost (a process-local store: each instance;
   * Redis: its data and the server's run; a database: the table). A toolbox signs it into every binding it
   * issues. It may be read from a cache: a stale epoch only makes `restore` refuse.
   */
  epoch?(): MaybePromise<string>;
  /**
   * Optional, with {@link ApprovalStateStore.epoch}: records a binding as issued again when the store can
   * prove it never held it, so it was never reserved or consumed: the binding carries the store's current
   * epoch (`approvalBindingStoreEpoch`), the store has no record under its key, and no record that could
   * have been this binding's was removed (by retention, eviction or hand). A binding it holds is answered
   * like `reserve` answers (`issued` is left as it is; `already-reserved`, `already-consumed`, `revoked`,
   * `binding-conflict` refuse); anything it cannot prove refuses with `not-restorable`. Atomic per key. A
   * store without `restore` cannot restore: `toolbox.restoreApproval` then refuses (`not-restorable`).
   */
  restore?(binding: ApprovalBinding): MaybePromise<void>;
}
