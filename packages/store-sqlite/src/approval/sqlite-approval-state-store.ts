import {
  type ApprovalBinding,
  type ApprovalBindingState,
  ApprovalError,
  type ApprovalErrorCode,
  type ApprovalRequestView,
  type ApprovalStateStore,
  matchApprovalBinding,
  parseApprovalBinding,
} from '@armorer/approval';
import type { SqliteDatabase } from '../driver/sqlite-database';
import { StoreError } from '../errors/store-error';
import { encodeText, reclaimAt } from '../schema/migrations';
import { sqliteApprovalRestore } from './epoch';

/** Options of the SQLite {@link ApprovalStateStore}. */
export interface SqliteApprovalStoreOptions {
  /**
   * How long past its expiry a binding's row is kept before the sweep may delete it (default one hour).
   * An expired binding is refused by its signed expiry anyway.
   */
  readonly retainExpiredMs?: number;
  /**
   * How long a reservation holds (default 60 000 ms). A resume reserves, re-validates, and commits right
   * before the tool runs; a process killed in between leaves the binding reserved. Once the lease passed,
   * the binding can be reserved (or revoked) again. A late commit of the old reservation still needs the
   * binding to be reserved and consumes it once, so the tool never runs twice.
   */
  readonly reservationLeaseMs?: number;
}

const SELECT = 'SELECT signature, state, reserved_at FROM armorer_approvals WHERE key = ?';
const UPDATE_STATE = 'UPDATE armorer_approvals SET state = ?, reserved_at = ? WHERE key = ?';
const RESERVE_IF_FREE = `${UPDATE_STATE} AND signature = ? AND (state = 'issued'
  OR (state = 'reserved' AND reserved_at IS NOT NULL AND reserved_at + ? <= ?))`;

interface Row {
  readonly state: ApprovalBindingState;
  readonly reservedAt: number | null;
}

/** @internal Builds the store over an open connection. */
export function sqliteApprovalStateStore(
  database: SqliteDatabase,
  options: SqliteApprovalStoreOptions = {},
): ApprovalStateStore {
  const retain = options.retainExpiredMs ?? 60 * 60 * 1000;
  const lease = options.reservationLeaseMs ?? 60_000;
  if (!(retain >= 0) || !(lease > 0)) {
    throw new TypeError('retainExpiredMs must be >= 0 and reservationLeaseMs > 0.');
  }
  const keyOf = (binding: ApprovalBinding) => encodeText(`${binding.replayScope}\u0000${binding.nonce}`);

  /** The row of this exact binding; another binding under the same key is a conflict. */
  function rowOf(binding: ApprovalBinding, key: string): Row | undefined {
    const row = database.statement(SELECT).get(key);
    if (row === undefined) return undefined;
    if (row.signature !== binding.signature) {
      throw refusal('binding-conflict', 'Another binding is recorded under this replay scope and nonce.');
    }
    const state = row.state;
    if (state !== 'issued' && state !== 'reserved' && state !== 'consumed' && state !== 'revoked') {
      throw new StoreError({
        code: 'corrupt-record',
        message: `Unknown approval state in the database: ${String(state)}`,
      });
    }
    return { state, reservedAt: typeof row.reserved_at === 'number' ? row.reserved_at : null };
  }

  /**
   * A reservation whose lease passed at `now` counts as issued: its process stopped before committing.
   * Leases run on the time the caller gives (`reserve`'s `now`), like the other stores' (one table).
   */
  function effectiveState(row: Row, now: number): ApprovalBindingState {
    if (
      row.state === 'reserved' &&
      row.reservedAt !== null &&
      row.reservedAt + lease <= now &&
      Number.isFinite(now)
    ) {
      return 'issued';
    }
    return row.state;
  }

  function reserveIn(
    binding: ApprovalBinding,
    view: ApprovalRequestView,
    now: number,
    next: 'reserved' | 'consumed',
  ) {
    const checked = parseApprovalBinding(binding);
    const key = keyOf(checked);
    // Matching is pure (the binding is immutable): known before the transaction, applied inside it.
    const mismatch = matchApprovalBinding(checked, view, now);
    database.write(`${next === 'reserved' ? 'reserving' : 'consuming'} an approval`, () => {
      const at = now;
      if (mismatch === undefined) {
        // One conditional update: issued, or reserved with its lease passed (as effectiveState reads it).
        const changed = database
          .statement(RESERVE_IF_FREE)
          .run(next, next === 'reserved' ? at : null, key, checked.signature, lease, at).changes;
        if (changed === 1) return;
      }
      // Refused, or a request that does not match: the row names the refusal, state checks first.
      const row = rowOf(checked, key);
      if (row === undefined) throw refusal('not-issued', 'The approval was never issued (or was lost).');
      refuseUnlessIssued(effectiveState(row, at));
      if (mismatch !== undefined) throw new ApprovalError(mismatch);
      database.statement(UPDATE_STATE).run(next, next === 'reserved' ? at : null, key);
    });
  }

  function leaveReserved(binding: ApprovalBinding, next: 'consumed' | 'issued', doing: string): void {
    const checked = parseApprovalBinding(binding);
    const key = keyOf(checked);
    database.write(doing, () => {
      // One conditional update; only a refusal reads the row to say why.
      const changed = database
        .statement(`${UPDATE_STATE} AND signature = ? AND state = 'reserved'`)
        .run(next, null, key, checked.signature).changes;
      if (changed === 1) return;
      rowOf(checked, key);
      throw refusal('not-reserved', 'The approval is not reserved.');
    });
  }

  return {
    async issue(binding) {
      const checked = parseApprovalBinding(binding);
      const changes = database.write(
        'issuing an approval',
        () =>
          database
            .statement(
              'INSERT INTO armorer_approvals (key, signature, state, reserved_at, reclaim_at) VALUES (?, ?, ?, NULL, ?) ON CONFLICT (key) DO NOTHING',
            )
            .run(
              keyOf(checked),
              checked.signature,
              'issued',
              reclaimAt(checked.expiresAt, database.now(), retain),
            ).changes,
      );
      if (changes === 0) throw refusal('already-issued', 'This approval binding was already issued.');
    },
    async reserve(binding, view, now) {
      reserveIn(binding, view, now, 'reserved');
    },
    async commit(binding) {
      leaveReserved(binding, 'consumed', 'committing an approval');
    },
    async release(binding) {
      leaveReserved(binding, 'issued', 'releasing an approval');
    },
    async consume(binding, view, now) {
      reserveIn(binding, view, now, 'consumed');
    },
    async revoke(binding, now = database.now()) {
      const checked = parseApprovalBinding(binding);
      const key = keyOf(checked);
      database.write('revoking an approval', () => {
        const row = rowOf(checked, key);
        if (row === undefined) {
          // A tombstone: restoring this binding later must not revive it.
          database
            .statement(
              'INSERT INTO armorer_approvals (key, signature, state, reserved_at, reclaim_at) VALUES (?, ?, ?, NULL, ?)',
            )
            .run(key, checked.signature, 'revoked', reclaimAt(checked.expiresAt, database.now(), retain));
          return;
        }
        const state = effectiveState(row, now);
        if (state === 'revoked') return;
        if (state === 'consumed') throw refusal('already-consumed', 'A consumed approval cannot be revoked.');
        if (state === 'reserved') throw refusal('already-reserved', 'The approval is being resumed.');
        database.statement(UPDATE_STATE).run('revoked', null, key);
      });
    },
    async state(binding) {
      const checked = parseApprovalBinding(binding);
      return database.read('reading an approval', () => rowOf(checked, keyOf(checked))?.state);
    },
    ...sqliteApprovalRestore(database, retain),
  };
}

function refusal(code: ApprovalErrorCode, message: string): ApprovalError {
  return new ApprovalError({ code, message });
}

function refuseUnlessIssued(state: ApprovalBindingState): void {
  switch (state) {
    case 'issued':
      return;
    case 'reserved':
      throw refusal('already-reserved', 'The approval is already being resumed.');
    case 'consumed':
      throw refusal('already-consumed', 'The approval was already used.');
    case 'revoked':
      throw refusal('revoked', 'The approval was revoked.');
  }
}
