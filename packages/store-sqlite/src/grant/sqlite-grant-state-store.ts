import {
  assertGrantShape,
  GrantError,
  type GrantFilter,
  type GrantStateStore,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import type { SqliteDatabase } from '../driver/sqlite-database';
import type { SqlRow, SqlValue } from '../driver/types';
import { StoreError } from '../errors/store-error';
import { encodeText, reclaimAt } from '../schema/migrations';

/** Options of the SQLite {@link GrantStateStore}. */
export interface SqliteGrantStoreOptions {
  /** How long past its expiry a grant's row is kept before the sweep may delete it (default one hour). */
  readonly retainExpiredMs?: number;
}

const COLUMNS = 'body, uses_remaining, revoked';

/** @internal Builds the store over an open connection. */
export function sqliteGrantStateStore(
  database: SqliteDatabase,
  options: SqliteGrantStoreOptions = {},
): GrantStateStore {
  const retain = options.retainExpiredMs ?? 60 * 60 * 1000;
  if (!(retain >= 0)) throw new TypeError('retainExpiredMs must be >= 0.');

  return {
    async issue(grant) {
      assertGrantShape(grant);
      const { usesRemaining: _uses, revoked: _revoked, ...rest } = grant;
      const body = JSON.stringify(rest);
      const changes = database.write(
        'issuing a grant',
        () =>
          database
            .statement(
              `INSERT INTO armorer_grants (id, principal_id, tenant_id, tool_name, revoked, uses_remaining, body, reclaim_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
            )
            .run(
              encodeText(grant.id),
              encodeText(grant.principalId),
              grant.tenantId === undefined ? null : encodeText(grant.tenantId),
              encodeText(grant.toolName),
              grant.revoked ? 1 : 0,
              grant.maxUses,
              body,
              reclaimAt(grant.expiresAt, database.now(), retain),
            ).changes,
      );
      if (changes === 0)
        throw new GrantError(`A grant with id "${grant.id}" already exists.`, 'duplicate-grant');
    },
    async get(id) {
      if (typeof id !== 'string') return undefined;
      const row = database.read('reading a grant', () =>
        database.statement(`SELECT ${COLUMNS} FROM armorer_grants WHERE id = ?`).get(encodeText(id)),
      );
      return row === undefined ? undefined : grantOf(row);
    },
    async list(filter) {
      const { sql, params } = grantListQuery(filter);
      const rows = database.read('listing grants', () => database.statement(sql).all(...params));
      return rows.map(grantOf);
    },
    async decrementUse(id) {
      if (typeof id !== 'string') return undefined;
      const row = database.write('using a grant', () =>
        database
          .statement(
            'UPDATE armorer_grants SET uses_remaining = uses_remaining - 1 WHERE id = ? AND revoked = 0 AND uses_remaining > 0 RETURNING uses_remaining',
          )
          .get(encodeText(id)),
      );
      return row === undefined ? undefined : { usesRemaining: Number(row.uses_remaining) };
    },
    async revoke(id) {
      if (typeof id !== 'string') return;
      database.write('revoking a grant', () =>
        database
          .statement('UPDATE armorer_grants SET revoked = 1 WHERE id = ? AND revoked = 0')
          .run(encodeText(id)),
      );
    },
  };
}

/**
 * The statement of a `list`: its filter as conditions, the tenant (or none) first in the index it uses.
 * @internal
 */
export function grantListQuery(filter: GrantFilter | undefined): { sql: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter?.includeRevoked !== true) where.push('revoked = 0');
  if (filter?.principalId !== undefined) {
    where.push('principal_id = ?');
    params.push(encodeText(filter.principalId));
  }
  // The tenant, or none (IS NULL): the lookup index starts with it.
  if (filter?.tenantId === null) where.push('tenant_id IS NULL');
  else if (filter?.tenantId !== undefined) {
    where.push('tenant_id = ?');
    params.push(encodeText(filter.tenantId));
  }
  if (filter?.toolName !== undefined) {
    where.push('tool_name = ?');
    params.push(encodeText(filter.toolName));
  }
  const sql = `SELECT ${COLUMNS} FROM armorer_grants${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`} ORDER BY rowid`;
  return { sql, params };
}

/** The stored grant with its live counter and revocation, as a fresh frozen object. */
function grantOf(row: SqlRow): ReusableApprovalGrant {
  let body: unknown;
  try {
    body = JSON.parse(String(row.body));
  } catch (error) {
    throw new StoreError({
      code: 'corrupt-record',
      message: 'A grant row holds unreadable JSON.',
      cause: error,
    });
  }
  if (typeof body !== 'object' || body === null) {
    throw new StoreError({ code: 'corrupt-record', message: 'A grant row holds no grant.' });
  }
  return Object.freeze({
    ...(body as Omit<ReusableApprovalGrant, 'usesRemaining' | 'revoked'>),
    usesRemaining: Number(row.uses_remaining),
    revoked: row.revoked === 1,
  });
}
