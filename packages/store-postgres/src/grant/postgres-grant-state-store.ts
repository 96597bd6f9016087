import {
  assertGrantShape,
  GrantError,
  type GrantFilter,
  type GrantStateStore,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import { nonNegative } from '../approval/postgres-approval-state-store';
import { checkClient, checkTablePrefix, type PostgresQueryable, textKey } from '../client/postgres-client';
import { StoreError } from '../errors/store-error';
import { runStatement, tablesOf } from '../schema/schema';
import { createSweeper } from '../schema/sweep';

/** Options of {@link createPostgresGrantStateStore}. */
export interface PostgresGrantStateStoreOptions {
  /** A `pg` `Pool` (or anything with `query({ text, values, name })`). The store never ends it. */
  readonly client: PostgresQueryable;
  /** Prefix of the table names (default `armorer_`). */
  readonly tablePrefix?: string;
  /** How long past its expiry a grant's row is kept before the sweep deletes it (default one day). */
  readonly retainExpiredMs?: number;
}

/**
 * A {@link GrantStateStore} on PostgreSQL 15+. `decrementUse` is one conditional
 * `UPDATE ... SET uses_remaining = uses_remaining - 1 WHERE uses_remaining > 0 AND NOT revoked`, so
 * concurrent uses never take more than `maxUses`. Rows past expiry plus `retainExpiredMs` are swept on write.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * const grantStateStore = createPostgresGrantStateStore({ client: new pg.Pool() });
 * ```
 */
export function createPostgresGrantStateStore(options: PostgresGrantStateStoreOptions): GrantStateStore {
  const client = checkClient(options?.client);
  const prefix = checkTablePrefix(options.tablePrefix);
  const table = tablesOf(prefix).grants;
  const retain = nonNegative(options.retainExpiredMs, 24 * 60 * 60 * 1000, 'retainExpiredMs');
  const sweep = createSweeper(client, table);
  const columns = 'grant_json, uses_remaining, revoked';

  const query = (text: string, values: unknown[]) => runStatement(client, prefix, text, values);

  return {
    async issue(grant) {
      assertGrantShape(grant);
      const { usesRemaining: _uses, revoked: _revoked, ...signed } = grant;
      const { rowCount } = await query(
        `INSERT INTO ${table} (id, grant_json, uses_remaining, principal_id, tenant_id, tool_name, purge_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [
          textKey(grant.id),
          JSON.stringify(signed),
          grant.maxUses,
          grant.principalId,
          grant.tenantId ?? null,
          grant.toolName,
          Math.max(grant.expiresAt + retain, Date.now() + 1000),
        ],
      );
      if (rowCount !== 1)
        throw new GrantError(`A grant with id "${grant.id}" already exists.`, 'duplicate-grant');
      sweep();
    },
    async get(id) {
      if (typeof id !== 'string') return undefined;
      const { rows } = await query(`SELECT ${columns} FROM ${table} WHERE id = $1`, [textKey(id)]);
      return rows[0] === undefined ? undefined : decode(rows[0]);
    },
    async list(filter?: GrantFilter) {
      const { rows } = await query(
        `SELECT ${columns} FROM ${table}
         WHERE ($1::text IS NULL OR principal_id = $1) AND ($2::text IS NULL OR tenant_id = $2)
           AND ($3::text IS NULL OR tool_name = $3) AND ($4 OR NOT revoked) AND purge_at > $5
         ORDER BY id`,
        [
          filter?.principalId ?? null,
          filter?.tenantId ?? null,
          filter?.toolName ?? null,
          filter?.includeRevoked === true,
          Date.now(),
        ],
      );
      return rows.map(decode);
    },
    async decrementUse(id) {
      if (typeof id !== 'string') return undefined;
      const { rows } = await query(
        `UPDATE ${table} SET uses_remaining = uses_remaining - 1
         WHERE id = $1 AND NOT revoked AND uses_remaining > 0 RETURNING uses_remaining`,
        [textKey(id)],
      );
      const left = rows[0]?.uses_remaining;
      return typeof left === 'number' ? { usesRemaining: left } : undefined;
    },
    async revoke(id) {
      if (typeof id !== 'string') return;
      await query(`UPDATE ${table} SET revoked = true WHERE id = $1 AND NOT revoked`, [textKey(id)]);
    },
  };
}

function decode(row: Record<string, unknown>): ReusableApprovalGrant {
  try {
    const signed = JSON.parse(String(row.grant_json)) as Omit<
      ReusableApprovalGrant,
      'usesRemaining' | 'revoked'
    >;
    return Object.freeze({
      ...signed,
      usesRemaining: Number(row.uses_remaining),
      revoked: row.revoked === true,
    });
  } catch (error) {
    throw new StoreError({
      code: 'corrupt-record',
      message: 'A grant row is not readable JSON.',
      cause: error,
    });
  }
}
