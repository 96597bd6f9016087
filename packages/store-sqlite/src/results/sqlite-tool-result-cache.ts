import type {
  ClaimResult,
  CompletedEntry,
  StartedEntry,
  ToolResultCache,
  ToolResultCacheEntry,
} from '@armorer/idempotency';
import type { SqliteDatabase } from '../driver/sqlite-database';
import { encodeText, reclaimAt } from '../schema/migrations';
import { checkKey, checkStarted, decodeStored } from './entries';

/** Options of the SQLite {@link ToolResultCache}. */
export interface SqliteResultCacheOptions {
  /**
   * How long a record is kept (default 24 hours): a completed result from its `completedAt`, a started
   * attempt from its lease deadline. Past that the sweep may delete it and the key runs again, so keep it
   * longer than any retry of the same call can arrive. `Infinity` keeps records forever.
   */
  readonly retainResultsMs?: number;
}

/**
 * The SQLite {@link ToolResultCache}: every method answers synchronously (the drivers are synchronous),
 * so the idempotent execution path pays no promise per store call.
 */
export interface SqliteToolResultCache extends ToolResultCache {
  get(key: string): ToolResultCacheEntry | undefined;
  claimStarted(key: string, entry: StartedEntry): ClaimResult;
  renewStarted(key: string, attemptId: string, leaseExpiresAt: number): boolean;
  completeStarted(key: string, attemptId: string, entry: CompletedEntry): boolean;
  deleteStarted(key: string, attemptId: string): boolean;
  replaceUnknownStarted(key: string, attemptId: string, entry: StartedEntry, now: number): boolean;
  replaceLegacyStarted(key: string, legacyStartedAt: number, entry: StartedEntry): boolean;
}

const CLAIMED: ClaimResult = Object.freeze({ claimed: true });
const SELECT_BODY = 'SELECT body FROM armorer_results WHERE key = ?';
const PUT_STARTED =
  "UPDATE armorer_results SET state = 'started', attempt_id = ?, started_at = ?, lease_expires_at = ?, body = ?, reclaim_at = ? WHERE key = ?";

/** @internal Builds the cache over an open connection. Every method answers synchronously. */
export function sqliteToolResultCache(
  database: SqliteDatabase,
  options: SqliteResultCacheOptions = {},
): SqliteToolResultCache {
  const retain = options.retainResultsMs ?? 24 * 60 * 60 * 1000;
  if (!(retain >= 0)) throw new TypeError('retainResultsMs must be >= 0.');

  /** Overwrites the row of `key` with a started entry, when `where` (extra conditions) holds. */
  const replace = (key: string, entry: StartedEntry, where: string, ...params: (string | number)[]) =>
    database
      .statement(`${PUT_STARTED} AND ${where}`)
      .run(
        encodeText(entry.attemptId),
        entry.startedAt,
        entry.leaseExpiresAt,
        JSON.stringify(entry),
        reclaimAt(entry.leaseDeadlineAt, database.now(), retain),
        encodeText(key),
        ...params,
      ).changes === 1;

  return {
    specificationVersion: 'v1',

    get(key): ToolResultCacheEntry | undefined {
      checkKey(key);
      const row = database.read('reading a result', () =>
        database.statement(SELECT_BODY).get(encodeText(key)),
      );
      return row === undefined ? undefined : decodeStored(row.body);
    },

    claimStarted(key, entry): ClaimResult {
      checkKey(key);
      checkStarted(entry);
      const stored = encodeText(key);
      return database.write('claiming a key', () => {
        const inserted = database
          .statement(
            `INSERT INTO armorer_results (key, state, attempt_id, started_at, lease_expires_at, body, reclaim_at)
             VALUES (?, 'started', ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
          )
          .run(
            stored,
            encodeText(entry.attemptId),
            entry.startedAt,
            entry.leaseExpiresAt,
            JSON.stringify(entry),
            reclaimAt(entry.leaseDeadlineAt, database.now(), retain),
          ).changes;
        if (inserted === 1) return CLAIMED;
        const row = database.statement(SELECT_BODY).get(stored);
        return { claimed: false, entry: decodeStored(row?.body) };
      });
    },

    renewStarted(key, attemptId, leaseExpiresAt): boolean {
      checkKey(key);
      if (typeof attemptId !== 'string' || typeof leaseExpiresAt !== 'number') return false;
      return database.write('renewing a lease', () => {
        const row = database
          .statement(`${SELECT_BODY} AND state = 'started' AND attempt_id = ?`)
          .get(encodeText(key), encodeText(attemptId));
        if (row === undefined) return false;
        const current = decodeStored(row.body) as StartedEntry;
        if (current.leaseExpiresAt >= current.leaseDeadlineAt) return false;
        const next = Math.min(leaseExpiresAt, current.leaseDeadlineAt);
        if (next <= current.leaseExpiresAt) return true;
        const renewed: StartedEntry = { ...current, leaseExpiresAt: next };
        database
          .statement('UPDATE armorer_results SET lease_expires_at = ?, body = ? WHERE key = ?')
          .run(next, JSON.stringify(renewed), encodeText(key));
        return true;
      });
    },

    completeStarted(key, attemptId, entry: CompletedEntry): boolean {
      checkKey(key);
      if (entry?.state !== 'completed' || entry.attemptId !== attemptId || typeof attemptId !== 'string') {
        throw new TypeError('completeStarted() needs a completed entry of the same attempt.');
      }
      const body = JSON.stringify(entry);
      return database.write(
        'recording a result',
        () =>
          database
            .statement(
              `UPDATE armorer_results SET state = 'completed', lease_expires_at = NULL, body = ?, reclaim_at = ?
             WHERE key = ? AND state = 'started' AND attempt_id = ?`,
            )
            .run(
              body,
              reclaimAt(entry.completedAt, database.now(), retain),
              encodeText(key),
              encodeText(attemptId),
            ).changes === 1,
      );
    },

    deleteStarted(key, attemptId): boolean {
      checkKey(key);
      if (typeof attemptId !== 'string') return false;
      return database.write(
        'freeing a key',
        () =>
          database
            .statement("DELETE FROM armorer_results WHERE key = ? AND state = 'started' AND attempt_id = ?")
            .run(encodeText(key), encodeText(attemptId)).changes === 1,
      );
    },

    replaceUnknownStarted(key, attemptId, entry, now): boolean {
      checkKey(key);
      checkStarted(entry);
      if (typeof attemptId !== 'string' || typeof now !== 'number') return false;
      return database.write('replacing an unknown attempt', () =>
        replace(
          key,
          entry,
          "state = 'started' AND attempt_id = ? AND lease_expires_at <= ?",
          encodeText(attemptId),
          now,
        ),
      );
    },

    replaceLegacyStarted(key, legacyStartedAt, entry): boolean {
      checkKey(key);
      checkStarted(entry);
      if (typeof legacyStartedAt !== 'number') return false;
      return database.write('migrating a legacy marker', () =>
        replace(key, entry, "state = 'started' AND attempt_id IS NULL AND started_at = ?", legacyStartedAt),
      );
    },
  };
}

/**
 * Writes a legacy (unfenced) started marker the way data written before attempt fencing sits in the
 * table. For migrations and tests only.
 * @internal
 */
export function seedLegacyStarted(database: SqliteDatabase, key: string, startedAt: number): void {
  database.write('seeding a legacy marker', () =>
    database
      .statement(
        `INSERT INTO armorer_results (key, state, attempt_id, started_at, lease_expires_at, body, reclaim_at)
         VALUES (?, 'started', NULL, ?, NULL, ?, ?)`,
      )
      .run(
        encodeText(key),
        startedAt,
        JSON.stringify({ state: 'started', startedAt }),
        Number.MAX_SAFE_INTEGER,
      ),
  );
}
