import type { ClaimResult, StartedEntry, ToolResultCache, ToolResultCacheEntry } from '@armorer/idempotency';
import {
  checkCompletedEntry,
  checkStartedEntry,
  checkTime,
  checkUtf8CacheKey,
  parseStoredEntry,
} from '@armorer/idempotency';
import { nonNegative } from '../approval/postgres-approval-state-store';
import { checkClient, checkTablePrefix, type PostgresQueryable, textKey } from '../client/postgres-client';
import { StoreError } from '../errors/store-error';
import { runStatement, tablesOf } from '../schema/schema';
import { createSweeper } from '../schema/sweep';

/** Options of {@link createPostgresToolResultCache}, as `createPostgresStores` resolved them. @internal */
export interface PostgresToolResultCacheOptions {
  /** The stores' connection over your pool. */
  readonly client: PostgresQueryable;
  /** Prefix of the table names (default `armorer_`). */
  readonly tablePrefix?: string;
  /**
   * How long a row (a result, or the started marker of an attempt whose outcome is unknown) is kept after
   * its last write (default seven days); then the sweep deletes it and a retry with the same key runs the
   * tool again. Keep it longer than any redelivery of a task.
   */
  readonly retentionMs?: number;
}

const CLAIMED: ClaimResult = Object.freeze({ claimed: true });
const ATTEMPTS = 4;

/** A cache key as the row key: checked, held exactly by UTF-8 text, NUL and backslash escaped. */
function rowKey(key: string): string {
  return textKey(checkUtf8CacheKey(key));
}

/**
 * The `ToolResultCache` of `@armorer/idempotency` on PostgreSQL 15+: `claimStarted` is one
 * `INSERT ... ON CONFLICT DO NOTHING`, every other compare-and-set one conditional `UPDATE` or `DELETE`
 * on the key's row. The table is created on first use; rows past `retentionMs` are swept on write.
 * Built by `createPostgresStores` (its `cache`). @internal
 */
export function createPostgresToolResultCache(options: PostgresToolResultCacheOptions): ToolResultCache {
  const client = checkClient(options?.client);
  const prefix = checkTablePrefix(options.tablePrefix);
  const t = tablesOf(prefix).results;
  const retention = nonNegative(options.retentionMs, 7 * 24 * 60 * 60 * 1000, 'retentionMs');
  const sweep = createSweeper(client, t);
  const purgeAt = () => Date.now() + retention;
  const started = `state = 'started' AND attempt_id = $2`;
  const sql = {
    get: `SELECT entry, lease_expires_at FROM ${t} WHERE key = $1`,
    claim: `INSERT INTO ${t} (key, state, attempt_id, lease_expires_at, lease_deadline_at, entry, purge_at)
      VALUES ($1, 'started', $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING`,
    renew: `UPDATE ${t} SET lease_expires_at = GREATEST(lease_expires_at, LEAST($3::double precision, lease_deadline_at))
      WHERE key = $1 AND ${started} AND lease_expires_at < lease_deadline_at`,
    complete: `UPDATE ${t} SET state = 'completed', entry = $3, lease_expires_at = NULL, lease_deadline_at = NULL,
        purge_at = $4 WHERE key = $1 AND ${started}`,
    delete: `DELETE FROM ${t} WHERE key = $1 AND ${started}`,
    replaceUnknown: `UPDATE ${t} SET attempt_id = $4, entry = $5, lease_expires_at = $6, lease_deadline_at = $7,
        purge_at = $8 WHERE key = $1 AND ${started} AND lease_expires_at <= $3::double precision`,
    replaceLegacy: `UPDATE ${t} SET attempt_id = $3, entry = $4, lease_expires_at = $5, lease_deadline_at = $6,
        legacy_started_at = NULL, purge_at = $7
      WHERE key = $1 AND state = 'started' AND attempt_id IS NULL AND legacy_started_at = $2::double precision`,
  };

  const query = (text: string, values: unknown[]) => runStatement(client, prefix, text, values);
  const changed = async (text: string, values: unknown[]) => (await query(text, values)).rowCount === 1;
  const read = (row: Record<string, unknown>) =>
    parseStoredEntry(String(row.entry), (row.lease_expires_at as number | null | undefined) ?? null);

  return {
    specificationVersion: 'v1',
    async get(key): Promise<ToolResultCacheEntry | undefined> {
      const { rows } = await query(sql.get, [rowKey(key)]);
      return rows[0] === undefined ? undefined : read(rows[0]);
    },
    async claimStarted(key, entry: StartedEntry): Promise<ClaimResult> {
      checkStartedEntry(entry);
      const values = [
        rowKey(key),
        entry.attemptId,
        entry.leaseExpiresAt,
        entry.leaseDeadlineAt,
        JSON.stringify(entry),
        purgeAt(),
      ];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if ((await query(sql.claim, values)).rowCount === 1) {
          sweep();
          return CLAIMED;
        }
        // Lost: the insert wrote nothing, so answer what is there (read after the loss, never before a
        // write). A row deleted in between (its attempt cleaned up) means the key is free again: retry.
        const row = (await query(sql.get, [values[0]])).rows[0];
        if (row !== undefined) return { claimed: false, entry: read(row) };
      }
      throw new StoreError({
        code: 'unavailable',
        message: `The claim of ${key} kept colliding; try again.`,
      });
    },
    renewStarted: (key, attemptId, leaseExpiresAt) =>
      changed(sql.renew, [rowKey(key), String(attemptId), checkTime(leaseExpiresAt)]),
    completeStarted(key, attemptId, entry) {
      checkCompletedEntry(entry, attemptId);
      return changed(sql.complete, [rowKey(key), attemptId, JSON.stringify(entry), purgeAt()]);
    },
    deleteStarted: (key, attemptId) => changed(sql.delete, [rowKey(key), String(attemptId)]),
    replaceUnknownStarted(key, attemptId, entry, now) {
      checkStartedEntry(entry);
      return changed(sql.replaceUnknown, [
        rowKey(key),
        String(attemptId),
        checkTime(now),
        entry.attemptId,
        JSON.stringify(entry),
        entry.leaseExpiresAt,
        entry.leaseDeadlineAt,
        purgeAt(),
      ]);
    },
    replaceLegacyStarted(key, legacyStartedAt, entry) {
      checkStartedEntry(entry);
      return changed(sql.replaceLegacy, [
        rowKey(key),
        checkTime(legacyStartedAt),
        entry.attemptId,
        JSON.stringify(entry),
        entry.leaseExpiresAt,
        entry.leaseDeadlineAt,
        purgeAt(),
      ]);
    },
  };
}
