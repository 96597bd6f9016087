import {
  type ApprovalBinding,
  ApprovalError,
  type ApprovalStateStore,
  approvalBindingKey,
  approvalBindingStoreEpoch,
  approvalRefusal,
  createNonce,
  parseApprovalBinding,
} from '@armorer/approval';
import { type PostgresQueryable, runQuery, textKey } from '../client/postgres-client';
import { ensureSchema, runStatement } from '../schema/schema';

/**
 * The store epoch of the PostgreSQL approval store, kept with its state: one row of the bindings table
 * under the key `epoch` (binding keys always hold an escaped NUL, `\0`, so none is this), holding the epoch
 * in `signature` and, in `reserved_at`, the highest `purge_at` of any binding row ever deleted (by the sweep
 * of any process, whatever its clock, or by hand). An AFTER DELETE trigger records that mark in the
 * transaction of the delete. So:
 *
 * - wiping the table (`TRUNCATE`, `DELETE` without a condition, a new database) removes the epoch row too:
 *   the next read makes a new epoch, and nothing issued before is restored;
 * - a binding whose expiry is not past the mark cannot have been deleted: its row's `purge_at` is at least
 *   its expiry, and every deleted row raised the mark to its own `purge_at`.
 *
 * The epoch row is only ever created while the trigger exists (each statement checks it), and creating the
 * trigger drops any epoch row made without it. Restoring a backup brings back its epoch with its older
 * state: never restore approvals from a backup (or delete the epoch row after restoring one).
 */

const NEVER = Number.MAX_SAFE_INTEGER;
/** How many times a statement is tried again after a concurrent write or a missing trigger. */
const ATTEMPTS = 4;

interface EpochRow {
  readonly epoch: string | null;
  readonly guarded: boolean;
}

interface RestoreRow extends EpochRow {
  readonly applied: number;
  readonly mark: number | null;
  readonly state: string | null;
  readonly signature: string | null;
}

const guarded = new WeakMap<object, Map<string, Promise<void>>>();

/** Creates the trigger (and its function) once per client and prefix; `force` runs it again. */
function guard(client: PostgresQueryable, prefix: string, table: string, force: boolean): Promise<void> {
  let byPrefix = guarded.get(client);
  if (byPrefix === undefined) {
    byPrefix = new Map();
    guarded.set(client, byPrefix);
  }
  const known = byPrefix.get(prefix);
  if (known !== undefined && !force) return known;
  const fn = `${prefix}approval_deleted`;
  const trigger = `${prefix}approval_bindings_deleted`;
  const script = `BEGIN;
SELECT pg_advisory_xact_lock(hashtext('armorer-approval-epoch:${prefix}'));
CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE ${table} SET reserved_at = greatest(coalesce(reserved_at, 0), OLD.purge_at::double precision)
    WHERE key = 'epoch';
  RETURN NULL;
END $fn$;
DO $guard$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = '${table}'::regclass AND tgname = '${trigger}') THEN
    CREATE TRIGGER ${trigger} AFTER DELETE ON ${table}
      FOR EACH ROW WHEN (OLD.key <> 'epoch') EXECUTE FUNCTION ${fn}();
    -- An epoch made while deletes went unrecorded proves nothing: replace it.
    DELETE FROM ${table} WHERE key = 'epoch';
  END IF;
END $guard$;
COMMIT;`;
  const pending = ensureSchema(client, prefix)
    .then(() => runQuery(client, script))
    .then(
      () => undefined,
      (error: unknown) => {
        byPrefix.delete(prefix);
        throw error;
      },
    );
  byPrefix.set(prefix, pending);
  return pending;
}

/**
 * The `epoch` and `restore` methods of the PostgreSQL approval store (see `ApprovalStateStore.restore`).
 * Each is one statement (after the trigger is in place): the row lock of the insert decides between
 * concurrent restores and issues. @internal
 */
export function postgresApprovalRestore(
  client: PostgresQueryable,
  prefix: string,
  table: string,
  retainMs: number,
): Required<Pick<ApprovalStateStore, 'epoch' | 'restore'>> {
  const trigger = `${prefix}approval_bindings_deleted`;
  const checks = `trg AS (SELECT 1 FROM pg_trigger WHERE tgrelid = '${table}'::regclass AND tgname = '${trigger}'),
    ep AS (SELECT signature AS epoch, coalesce(reserved_at, 0) AS mark FROM ${table} WHERE key = 'epoch'),
    made AS (INSERT INTO ${table} (key, signature, state, purge_at)
      SELECT 'epoch', $1, 'epoch', ${NEVER} WHERE EXISTS (SELECT 1 FROM trg) AND NOT EXISTS (SELECT 1 FROM ep)
      ON CONFLICT (key) DO NOTHING RETURNING signature)`;
  const sql = {
    epoch: `WITH ${checks}
      SELECT coalesce((SELECT signature FROM made), (SELECT epoch FROM ep)) AS epoch,
        EXISTS (SELECT 1 FROM trg) AS guarded`,
    // $2 key, $3 signature, $4 purge_at, $5 the binding's epoch, $6 its expiry.
    restore: `WITH ${checks},
      cur AS (SELECT state, signature FROM ${table} WHERE key = $2),
      ins AS (INSERT INTO ${table} (key, signature, state, purge_at)
        SELECT $2, $3, 'issued', $4 FROM ep
        WHERE EXISTS (SELECT 1 FROM trg) AND ep.epoch = $5 AND ep.mark < $6::double precision
          AND NOT EXISTS (SELECT 1 FROM cur)
        ON CONFLICT (key) DO NOTHING RETURNING 1)
      SELECT (SELECT count(*) FROM ins)::int AS applied, (SELECT epoch FROM ep) AS epoch,
        (SELECT mark FROM ep) AS mark, (SELECT state FROM cur) AS state,
        (SELECT signature FROM cur) AS signature, EXISTS (SELECT 1 FROM trg) AS guarded`,
  };

  async function query<T>(text: string, values: unknown[]): Promise<T> {
    await guard(client, prefix, table, false);
    return (await runStatement(client, prefix, text, values)).rows[0] as unknown as T;
  }

  return {
    async epoch() {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const row = await query<EpochRow>(sql.epoch, [`postgres:${createNonce()}`]);
        if (!row.guarded) await guard(client, prefix, table, true);
        else if (typeof row.epoch === 'string') return row.epoch;
        // Made by a concurrent statement after this one's snapshot: read it again.
      }
      throw new ApprovalError({ code: 'store-failed', message: 'The approval epoch could not be read.' });
    },
    async restore(binding: ApprovalBinding) {
      const checked = parseApprovalBinding(binding);
      const key = textKey(approvalBindingKey(checked));
      const epoch = approvalBindingStoreEpoch(checked) ?? '';
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const row = await query<RestoreRow>(sql.restore, [
          `postgres:${createNonce()}`,
          key,
          checked.signature,
          checked.expiresAt + retainMs,
          epoch,
          checked.expiresAt,
        ]);
        if (row.applied >= 1) return;
        if (!row.guarded) {
          await guard(client, prefix, table, true);
          continue;
        }
        if (row.state !== null) {
          if (row.signature !== checked.signature) throw approvalRefusal('binding-conflict');
          if (row.state === 'issued') return;
          throw approvalRefusal(row.state === 'revoked' ? 'revoked' : `already-${row.state}`);
        }
        // No epoch row (just made: the table was wiped), another epoch, or a deleted row past the mark.
        if (row.epoch === null || row.epoch !== epoch || !(checked.expiresAt > Number(row.mark))) {
          throw approvalRefusal('not-restorable');
        }
        // Nothing held it, yet nothing was inserted: a concurrent issue or restore won the key. Read again.
      }
      throw new ApprovalError({
        code: 'store-failed',
        message: 'The approval could not be restored: concurrent writes kept changing its key.',
      });
    },
  };
}
