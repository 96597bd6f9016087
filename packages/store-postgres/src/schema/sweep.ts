import { type PostgresQueryable, runQuery } from '../client/postgres-client';

/** How many writes pass between two sweeps of one table, and how many rows one sweep deletes at most. */
const EVERY = 64;
const LIMIT = 100;

/**
 * The sweep of one table: up to 100 rows whose `purge_at` passed, oldest first. `ORDER BY purge_at` is
 * what keeps it on the `purge_at` index: the statement is prepared, and PostgreSQL's generic plan for a
 * bare `purge_at < $1 LIMIT n` is a sequential scan (it guesses a third of the rows match), which reads
 * the whole table on every sweep even when nothing is due. The outer `purge_at < $1` is checked again on
 * a row a concurrent write changed (its purge time moved on): such a row is kept. @internal
 */
export function sweepStatement(table: string): string {
  return `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
    SELECT ctid FROM ${table} WHERE purge_at < $1 ORDER BY purge_at LIMIT ${LIMIT})) AND purge_at < $1`;
}

/**
 * A bounded lazy sweep: every 64th write through a store object deletes up to 100 rows whose `purge_at`
 * passed, off the caller's path (its failure is ignored: the next sweep tries again). Under steady load a
 * table therefore holds only live rows plus a bounded backlog, with no cron; a sweep with nothing due is
 * one index probe. @internal
 */
export function createSweeper(client: PostgresQueryable, table: string): () => void {
  let writes = 0;
  let running = false;
  const sql = sweepStatement(table);
  return () => {
    if (++writes < EVERY || running) return;
    writes = 0;
    running = true;
    runQuery(client, sql, [Date.now()])
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  };
}
