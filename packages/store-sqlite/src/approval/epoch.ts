import {
  type ApprovalBinding,
  ApprovalError,
  type ApprovalErrorCode,
  type ApprovalStateStore,
  approvalBindingStoreEpoch,
  createNonce,
  parseApprovalBinding,
} from '@armorer/approval';
import type { SqliteDatabase } from '../driver/sqlite-database';
import { StoreError } from '../errors/store-error';
import { encodeText, reclaimAt } from '../schema/migrations';

/**
 * The store epoch of the SQLite approval store, kept with its state: one row of `armorer_approvals` under
 * the key `epoch` (binding keys are JSON texts, which start with a quote, so none is this), holding the
 * epoch in `signature` and, in `reserved_at`, the highest `reclaim_at` of any approval row ever deleted (by
 * the sweep of any process, whatever its clock, or by hand). An AFTER DELETE trigger records that mark in
 * the same transaction as the delete. So:
 *
 * - wiping the table (a new file, `DELETE FROM armorer_approvals`) removes the epoch row too: the next read
 *   makes a new epoch, and nothing issued before is restored;
 * - a binding whose expiry is not past the mark cannot have been deleted: its row's `reclaim_at` is at least
 *   its expiry, and every deleted row raised the mark to its own `reclaim_at`.
 *
 * The trigger and the row are created together, on the first read of the epoch, so a binding can only
 * carry an epoch whose deletes are recorded. Restoring a backup of the file brings back its epoch with its
 * older state: never restore approvals from a backup (or delete the epoch row after restoring one).
 */

const NEVER = Number.MAX_SAFE_INTEGER;

const READ_EPOCH = "SELECT signature, reserved_at FROM armorer_approvals WHERE key = 'epoch'";
const CREATE_TRIGGER = `CREATE TRIGGER IF NOT EXISTS armorer_approvals_deleted AFTER DELETE ON armorer_approvals
  FOR EACH ROW WHEN OLD.key <> 'epoch' BEGIN
    UPDATE armorer_approvals SET reserved_at = max(coalesce(reserved_at, 0), OLD.reclaim_at)
      WHERE key = 'epoch';
  END`;
const CREATE_EPOCH = `INSERT INTO armorer_approvals (key, signature, state, reserved_at, reclaim_at)
  VALUES ('epoch', ?, 'epoch', NULL, ?) ON CONFLICT (key) DO NOTHING`;
const READ_ROW = 'SELECT signature, state FROM armorer_approvals WHERE key = ?';
const INSERT_ISSUED = `INSERT INTO armorer_approvals (key, signature, state, reserved_at, reclaim_at)
  VALUES (?, ?, 'issued', NULL, ?)`;

const REFUSALS: Readonly<Record<string, readonly [ApprovalErrorCode, string]>> = {
  reserved: ['already-reserved', 'The approval is already being resumed.'],
  consumed: ['already-consumed', 'The approval was already used.'],
  revoked: ['revoked', 'The approval was revoked.'],
};

function notRestorable(message: string): ApprovalError {
  return new ApprovalError({ code: 'not-restorable', message });
}

/** The epoch row, created (with the trigger that keeps its mark) when missing. Runs inside a write. */
function ensureEpoch(database: SqliteDatabase): { readonly epoch: string; readonly mark: number } {
  database.statement(CREATE_TRIGGER).run();
  database.statement(CREATE_EPOCH).run(`sqlite:${createNonce()}`, NEVER);
  const row = database.statement(READ_EPOCH).get();
  if (typeof row?.signature !== 'string') {
    throw new StoreError({ code: 'corrupt-record', message: 'The approval epoch row could not be read.' });
  }
  return { epoch: row.signature, mark: typeof row.reserved_at === 'number' ? row.reserved_at : 0 };
}

/**
 * The `epoch` and `restore` methods of the SQLite approval store (see `ApprovalStateStore.restore`).
 * @internal
 */
export function sqliteApprovalRestore(
  database: SqliteDatabase,
  retainMs: number,
): Required<Pick<ApprovalStateStore, 'epoch' | 'restore'>> {
  return {
    async epoch() {
      const row = database.read('reading the approval epoch', () => database.statement(READ_EPOCH).get());
      if (typeof row?.signature === 'string') return row.signature;
      return database.write('creating the approval epoch', () => ensureEpoch(database)).epoch;
    },
    async restore(binding: ApprovalBinding) {
      const checked = parseApprovalBinding(binding);
      const key = encodeText(`${checked.replayScope}\u0000${checked.nonce}`);
      database.write('restoring an approval', () => {
        const row = database.statement(READ_ROW).get(key);
        if (row !== undefined) {
          if (row.signature !== checked.signature) {
            throw new ApprovalError({
              code: 'binding-conflict',
              message: 'Another binding is recorded under this replay scope and nonce.',
            });
          }
          const refusal = REFUSALS[String(row.state)];
          if (refusal !== undefined) throw new ApprovalError({ code: refusal[0], message: refusal[1] });
          return; // issued: nothing to restore
        }
        // A missing epoch row means the table was wiped: this makes a new epoch, which no binding carries.
        const { epoch, mark } = ensureEpoch(database);
        if (approvalBindingStoreEpoch(checked) !== epoch) {
          throw notRestorable(
            'The approval was issued under another epoch of this database (its approvals were wiped since, or it came from elsewhere): whether it was used cannot be known.',
          );
        }
        if (!(checked.expiresAt > mark)) {
          throw notRestorable(
            'A record that could be this approval was deleted: whether it was used cannot be known.',
          );
        }
        database
          .statement(INSERT_ISSUED)
          .run(key, checked.signature, reclaimAt(checked.expiresAt, database.now(), retainMs));
      });
    },
  };
}
