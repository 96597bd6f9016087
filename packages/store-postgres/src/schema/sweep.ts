import { type PostgresQueryable, runQuery } from '../client/postgres-client';

/**
 * How many writes pass between two sweeps of one table while rows fall due, how many after a sweep that
 * found none due, and how many rows one sweep deletes at most.
 */
const EVERY = 64;
const IDLE_EVERY = 1024;
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
 * passed, off the caller's path (its failure is ignored: the next sweep tries again soon). A sweep that
 * found nothing due is one index probe, and the next waits 1024 writes: a table with nothing to reclaim
 * costs its writers almost nothing, and once rows fall due they are deleted faster (100 per 64 writes)
 * than writes add them. Under steady load a table therefore holds only live rows plus a bounded backlog,
 * with no cron. @internal
 */
export function createSweeper(client: PostgresQueryable, table: string): () => void {
  let writes = 0;
  let every = EVERY;
  let running = false;
  const sql = sweepStatement(table);
  return () => {
    if (++writes < every || running) return;
    writes = 0;
    running = true;
    runQuery(client, sql, [Date.now()])
      .then(
        (result) => {
          every = (result.rowCount ?? 0) > 0 ? EVERY : IDLE_EVERY;
        },
        () => {
          every = EVERY;
        },
      )
      .finally(() => {
        running = false;
      });
  };
}
