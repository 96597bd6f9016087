import { assertApprovalBindingMatches } from '../binding/match-binding';
import {
  approvalBindingKey,
  approvalBindingStoreEpoch,
  parseApprovalBinding,
} from '../binding/parse-binding';
import type { ApprovalBinding, ApprovalBindingState, ApprovalRequestView } from '../binding/types';
import { approvalError } from '../errors/errors';
import { createNonce } from '../signing/signing-key';
import type { ApprovalStateStore } from './approval-state-store';

interface Entry {
  state: ApprovalBindingState;
  /** The `now` of the reservation in place. */
  reservedAt: number;
  readonly signature: string;
  readonly expiresAt: number;
}

/** Options of {@link createProcessLocalApprovalStateStore}. */
export interface ProcessLocalApprovalStateStoreOptions {
  /**
   * How long past its expiry a binding's record is kept (default one hour). An expired binding is refused
   * by its signed expiry anyway; the record is dropped to bound memory.
   */
  readonly retainExpiredMs?: number;
  /**
   * How long a reservation holds (default one minute, as in the durable stores; `0`: until the binding
   * expires). A resume that never committed nor released (its call hung before the tool) stops blocking
   * the binding after it: it can be reserved or revoked again, and commit still succeeds once.
   */
  readonly reservationLeaseMs?: number;
  /** The clock used to drop old records, and `revoke`'s default time (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * An in-memory {@link ApprovalStateStore}: process-local, lost on restart, never shared between
 * processes. Each method runs to completion without yielding, so the state transitions are atomic
 * within the process. `reserve`, `commit` and `release` return nothing when they succeed and a
 * rejected promise when they refuse; the other methods return promises. Its epoch is random per instance:
 * a binding issued by another instance (another process, or this one before a restart) is never
 * restored, since this one cannot know whether it was used; one it issued is restored only if it never
 * held it and dropped no record that could have been it.
 *
 * @example
 * ```ts
 * const approvalStateStore = createProcessLocalApprovalStateStore();
 * const toolbox = createToolbox(tools, { approvalSecret, approvalStateStore });
 * ```
 */
export function createProcessLocalApprovalStateStore(
  options: ProcessLocalApprovalStateStoreOptions = {},
): ApprovalStateStore {
  const entries = new Map<string, Entry>();
  const retain = options.retainExpiredMs ?? 60 * 60 * 1000;
  const clock = options.now ?? Date.now;
  const lease = options.reservationLeaseMs ?? 60 * 1000;
  if (!(typeof lease === 'number' && lease >= 0 && Number.isFinite(lease))) {
    throw new TypeError('reservationLeaseMs must be a non-negative number of milliseconds.');
  }
  let issuedSinceSweep = 0;
  let lastSweep = clock();
  const epoch = `local:${createNonce()}`;
  /** The latest expiry of a record the sweep dropped: a binding expiring no later may have been one. */
  let sweptThrough = -1;

  /** Drops long-expired records, at most once a minute and only every 256 issues. */
  function sweep(): void {
    if (++issuedSinceSweep < 256) return;
    issuedSinceSweep = 0;
    const now = clock();
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    const cutoff = now - retain;
    for (const [key, entry] of entries) {
      if (entry.expiresAt < cutoff) {
        entries.delete(key);
        if (entry.expiresAt > sweptThrough) sweptThrough = entry.expiresAt;
      }
    }
  }

  /** The entry of this exact binding; a different binding under the same key is a conflict. */
  function entryOf(binding: ApprovalBinding): Entry | undefined {
    const entry = entries.get(approvalBindingKey(binding));
    if (entry !== undefined && entry.signature !== binding.signature) {
      throw approvalError(
        'binding-conflict',
        'Another binding is recorded under this replay scope and nonce.',
      );
    }
    return entry;
  }

  function reserveNow(binding: ApprovalBinding, view: ApprovalRequestView, now: number): Entry {
    const checked = parseApprovalBinding(binding);
    const entry = entryOf(checked);
    if (entry === undefined)
      throw approvalError('not-issued', 'The approval was never issued (or was lost).');
    refuseUnlessIssued(stateAt(entry, now));
    assertApprovalBindingMatches(checked, view, now);
    entry.state = 'reserved';
    entry.reservedAt = now;
    return entry;
  }

  function restoreNow(binding: ApprovalBinding): void {
    const checked = parseApprovalBinding(binding);
    const entry = entryOf(checked);
    if (entry !== undefined) {
      refuseUnlessIssued(entry.state);
      return;
    }
    if (approvalBindingStoreEpoch(checked) !== epoch) {
      throw approvalError(
        'not-restorable',
        'The approval was issued under another epoch of this store (another process, or before a restart): whether it was used cannot be known.',
      );
    }
    if (!(checked.expiresAt > sweptThrough)) {
      throw approvalError('not-restorable', 'The record of this approval may have been dropped.');
    }
    if (!(clock() < checked.expiresAt)) throw approvalError('expired', 'The approval has expired.');
    entries.set(approvalBindingKey(checked), {
      state: 'issued',
      reservedAt: 0,
      signature: checked.signature,
      expiresAt: checked.expiresAt,
    });
  }

  /**
   * A reservation whose lease passed at `now` counts as issued: its resume stopped before committing. A
   * `now` that is not a finite number proves nothing: the lease runs.
   */
  function stateAt(entry: Entry, now: number): ApprovalBindingState {
    if (entry.state !== 'reserved' || lease === 0 || !Number.isFinite(now)) return entry.state;
    return entry.reservedAt + lease <= now ? 'issued' : 'reserved';
  }

  function leaveReserved(binding: ApprovalBinding, next: 'consumed' | 'issued'): void {
    const entry = entryOf(parseApprovalBinding(binding));
    if (entry?.state !== 'reserved') throw approvalError('not-reserved', 'The approval is not reserved.');
    entry.state = next;
  }

  return {
    async issue(binding) {
      const checked = parseApprovalBinding(binding);
      const key = approvalBindingKey(checked);
      if (entries.has(key))
        throw approvalError('already-issued', 'This approval binding was already issued.');
      sweep();
      entries.set(key, {
        state: 'issued',
        reservedAt: 0,
        signature: checked.signature,
        expiresAt: checked.expiresAt,
      });
    },
    // The resume path's three steps answer synchronously when they succeed (nothing to wait for in
    // memory, and no promise per step); a refusal is still a rejected promise, as from an async store.
    reserve(binding, view, now) {
      try {
        reserveNow(binding, view, now);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    commit(binding) {
      try {
        leaveReserved(binding, 'consumed');
      } catch (error) {
        return Promise.reject(error);
      }
    },
    release(binding) {
      try {
        leaveReserved(binding, 'issued');
      } catch (error) {
        return Promise.reject(error);
      }
    },
    async consume(binding, view, now) {
      reserveNow(binding, view, now).state = 'consumed';
    },
    async revoke(binding, now = clock()) {
      const checked = parseApprovalBinding(binding);
      const entry = entryOf(checked);
      if (entry === undefined) {
        // A tombstone: restoring this binding later must not revive it.
        entries.set(approvalBindingKey(checked), {
          state: 'revoked',
          reservedAt: 0,
          signature: checked.signature,
          expiresAt: checked.expiresAt,
        });
        return;
      }
      const state = stateAt(entry, now);
      if (state === 'revoked') return;
      if (state === 'consumed')
        throw approvalError('already-consumed', 'A consumed approval cannot be revoked.');
      if (state === 'reserved') throw approvalError('already-reserved', 'The approval is being resumed.');
      entry.state = 'revoked';
    },
    async state(binding) {
      return entryOf(parseApprovalBinding(binding))?.state;
    },
    epoch: () => epoch,
    async restore(binding) {
      restoreNow(binding);
    },
  };
}

function refuseUnlessIssued(state: ApprovalBindingState): void {
  switch (state) {
    case 'issued':
      return;
    case 'reserved':
      throw approvalError('already-reserved', 'The approval is already being resumed.');
    case 'consumed':
      throw approvalError('already-consumed', 'The approval was already used.');
    case 'revoked':
      throw approvalError('revoked', 'The approval was revoked.');
  }
}
