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
          textKey(grant.principalId),
          grant.tenantId === undefined ? null : textKey(grant.tenantId),
          textKey(grant.toolName),
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
      const { text, values } = grantListQuery(table, filter, Date.now());
      const { rows } = await query(text, values);
      // Text columns hold UTF-8, where every lone surrogate reads as U+FFFD: the exact check is on the grant.
      return rows.map(decode).filter((grant) => selected(grant, filter));
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

/**
 * The statement of a `list`: only the conditions its filter names, so each shape gets a plan of its own
 * on the index that starts with its first column (a `$1 IS NULL OR ...` condition cannot use one under a
 * generic plan). A null tenant is `tenant_id IS NULL`. @internal
 */
export function grantListQuery(
  table: string,
  filter: GrantFilter | undefined,
  now: number,
): { text: string; values: unknown[] } {
  const values: unknown[] = [now];
  const where = ['purge_at > $1'];
  const equal = (column: string, value: unknown) => {
    values.push(value);
    where.push(`${column} = $${values.length}`);
  };
  if (filter?.tenantId === null) where.push('tenant_id IS NULL');
  else if (filter?.tenantId !== undefined) equal('tenant_id', textKey(String(filter.tenantId)));
  if (filter?.principalId !== undefined) equal('principal_id', textKey(String(filter.principalId)));
  if (filter?.toolName !== undefined) equal('tool_name', textKey(String(filter.toolName)));
  if (filter?.includeRevoked !== true) where.push('NOT revoked');
  const text = `SELECT grant_json, uses_remaining, revoked FROM ${table} WHERE ${where.join(' AND ')} ORDER BY id`;
  return { text, values };
}

/** Whether a grant passes a list filter, compared exactly. */
function selected(grant: ReusableApprovalGrant, filter: GrantFilter | undefined): boolean {
  if (filter?.tenantId !== undefined && (grant.tenantId ?? null) !== filter.tenantId) return false;
  if (filter?.principalId !== undefined && grant.principalId !== filter.principalId) return false;
  return filter?.toolName === undefined || grant.toolName === filter.toolName;
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
