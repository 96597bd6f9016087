import {
  type ApprovalBinding,
  type ApprovalBindingState,
  ApprovalError,
  type ApprovalRequestView,
  type ApprovalStateStore,
  approvalBindingKey,
  approvalRefusal,
  matchApprovalBinding,
  parseApprovalBinding,
} from '@armorer/approval';
import { checkClient, checkTablePrefix, type PostgresQueryable, textKey } from '../client/postgres-client';
import { runStatement, tablesOf } from '../schema/schema';
import { createSweeper } from '../schema/sweep';
import { postgresApprovalRestore } from './epoch';

/** Options of {@link createPostgresApprovalStateStore}. */
export interface PostgresApprovalStateStoreOptions {
  /** A `pg` `Pool` (or anything with `query({ text, values, name })`). The store never ends it. */
  readonly client: PostgresQueryable;
  /** Prefix of the table names (default `armorer_`). */
  readonly tablePrefix?: string;
  /** How long past its expiry a binding's row is kept before the sweep deletes it (default one hour). */
  readonly retainExpiredMs?: number;
  /**
   * How long a reservation holds (default five minutes). A binding whose resume died between reserve and
   * commit can be reserved again after it; commit still succeeds only once. `0`: until the binding expires.
   */
  readonly reservationLeaseMs?: number;
}

interface Row {
  readonly applied: number;
  readonly state: string | null;
  readonly signature: string | null;
  readonly reserved_at: number | null;
}

/** Tries a conditional statement again when its snapshot predates a concurrent write it collided with. */
const ATTEMPTS = 4;

/**
 * An {@link ApprovalStateStore} on PostgreSQL 15+. Each state change is one statement: a conditional
 * `UPDATE ... WHERE state = ...` or `INSERT ... ON CONFLICT DO NOTHING`, so the row lock decides between
 * concurrent resumes (no read-then-write). A success is that one round trip; only a refusal reads the row
 * afterwards to name its reason. The table is created on first use; rows past expiry plus
 * `retainExpiredMs` are deleted by a bounded sweep on write.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createPostgresApprovalStateStore } from '@armorer/store-postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const approvalStateStore = createPostgresApprovalStateStore({ client: pool });
 * ```
 */
export function createPostgresApprovalStateStore(
  options: PostgresApprovalStateStoreOptions,
): ApprovalStateStore {
  const client = checkClient(options?.client);
  const prefix = checkTablePrefix(options.tablePrefix);
  const table = tablesOf(prefix).bindings;
  const retain = nonNegative(options.retainExpiredMs, 60 * 60 * 1000, 'retainExpiredMs');
  const lease = nonNegative(options.reservationLeaseMs, 5 * 60 * 1000, 'reservationLeaseMs');
  const sweep = createSweeper(client, table);
  const current = `WITH cur AS (SELECT state, signature, reserved_at FROM ${table} WHERE key = $1)`;
  const sql = {
    issue: `INSERT INTO ${table} (key, signature, state, purge_at) VALUES ($1, $2, 'issued', $3)
      ON CONFLICT (key) DO NOTHING`,
    // The hot path: a bare conditional UPDATE answering only its row count. Why it refused is read by
    // `peek` afterwards, on the refusal path alone.
    reserve: `UPDATE ${table} SET state = $4, reserved_at = $3::double precision
      WHERE key = $1 AND signature = $2 AND (state = 'issued' OR (state = 'reserved'
        AND $5::double precision > 0 AND reserved_at + $5::double precision <= $3::double precision))`,
    peek: `SELECT state, signature, reserved_at FROM ${table} WHERE key = $1`,
    settle: `UPDATE ${table} SET state = $3 WHERE key = $1 AND signature = $2 AND state = 'reserved'`,
    revoke: `${current}, ins AS (
        INSERT INTO ${table} (key, signature, state, purge_at)
        SELECT $1, $2, 'revoked', $3 WHERE NOT EXISTS (SELECT 1 FROM cur)
        ON CONFLICT (key) DO NOTHING RETURNING 1),
      upd AS (
        UPDATE ${table} SET state = 'revoked' WHERE key = $1 AND signature = $2 AND (state = 'issued'
          OR (state = 'reserved' AND $5::double precision > 0
            AND reserved_at + $5::double precision <= $4::double precision))
        RETURNING 1)
      SELECT ((SELECT count(*) FROM upd) + (SELECT count(*) FROM ins))::int AS applied, cur.state,
        cur.signature, cur.reserved_at
      FROM (SELECT 1) AS one LEFT JOIN cur ON true`,
  };

  const run = (text: string, values: unknown[]) => runStatement(client, prefix, text, values);
  const row = async (text: string, values: unknown[]) => (await run(text, values)).rows[0] as unknown as Row;
  const changed = async (text: string, values: unknown[]) => (await run(text, values)).rowCount === 1;
  /** The key's row as it is now (read after a refused write), or nulls when there is none. */
  const peek = async (key: string): Promise<Row> =>
    (await row(sql.peek, [key])) ?? { applied: 0, state: null, signature: null, reserved_at: null };

  async function reserve(
    state: 'reserved' | 'consumed',
    binding: ApprovalBinding,
    view: ApprovalRequestView,
    now: number,
  ): Promise<void> {
    const checked = parseApprovalBinding(binding);
    const key = textKey(approvalBindingKey(checked));
    const mismatch = matchApprovalBinding(checked, view, now);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (mismatch === undefined && (await changed(sql.reserve, [key, checked.signature, now, state, lease])))
        return;
      // Refused (or not tried, the request does not match): the row says why. The update's row lock
      // decided the race; this read only names the refusal.
      const found = await peek(key);
      if (found.state === null) throw approvalRefusal('not-issued');
      if (found.signature !== checked.signature) throw approvalRefusal('binding-conflict');
      const effective = leasePassed(found, now) ? 'issued' : found.state;
      if (effective !== 'issued') throw approvalRefusal(refusalOf(effective));
      if (mismatch !== undefined) throw new ApprovalError(mismatch);
      // Refused, yet issued (or stale) now: a concurrent release or reservation lease ran in between. Again.
    }
    throw approvalRefusal('already-reserved');
  }

  /** A reservation whose lease passed at `now` (a finite time) counts as issued. */
  const leasePassed = (found: Row, now: number) =>
    found.state === 'reserved' &&
    lease > 0 &&
    Number.isFinite(now) &&
    (found.reserved_at ?? 0) + lease <= now;

  async function settle(binding: ApprovalBinding, to: 'consumed' | 'issued'): Promise<void> {
    const checked = parseApprovalBinding(binding);
    const key = textKey(approvalBindingKey(checked));
    if (await changed(sql.settle, [key, checked.signature, to])) return;
    const found = await peek(key);
    if (found.state !== null && found.signature !== checked.signature)
      throw approvalRefusal('binding-conflict');
    throw approvalRefusal('not-reserved');
  }

  return {
    async issue(binding) {
      const checked = parseApprovalBinding(binding);
      const key = textKey(approvalBindingKey(checked));
      if (!(await changed(sql.issue, [key, checked.signature, checked.expiresAt + retain])))
        throw approvalRefusal('already-issued');
      sweep();
    },
    reserve: (binding, view, now) => reserve('reserved', binding, view, now),
    consume: (binding, view, now) => reserve('consumed', binding, view, now),
    commit: (binding) => settle(binding, 'consumed'),
    release: (binding) => settle(binding, 'issued'),
    async revoke(binding, now = Date.now()) {
      const checked = parseApprovalBinding(binding);
      const key = textKey(approvalBindingKey(checked));
      const at = Number.isFinite(now) ? now : null;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const found = await row(sql.revoke, [key, checked.signature, checked.expiresAt + retain, at, lease]);
        if (found.applied >= 1) return;
        if (found.state === null) continue; // a concurrent issue won the insert: read it
        if (found.signature !== checked.signature) throw approvalRefusal('binding-conflict');
        if (found.state === 'revoked') return;
        // Issued, or a reservation whose lease passed, yet not revoked: a concurrent change ran. Again.
        if (found.state !== 'issued' && !leasePassed(found, now))
          throw approvalRefusal(refusalOf(found.state));
      }
      throw approvalRefusal('already-reserved');
    },
    async state(binding) {
      const checked = parseApprovalBinding(binding);
      const found = await peek(textKey(approvalBindingKey(checked)));
      if (found.state === null) return undefined;
      if (found.signature !== checked.signature) throw approvalRefusal('binding-conflict');
      return found.state as ApprovalBindingState;
    },
    ...postgresApprovalRestore(client, prefix, table, retain),
  };
}

function refusalOf(state: string): string {
  if (state === 'reserved') return 'already-reserved';
  if (state === 'consumed') return 'already-consumed';
  return state; // 'revoked'
}

/** A non-negative finite option, or its default. @internal */
export function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`${name} must be a non-negative number of milliseconds.`);
  }
  return value;
}
