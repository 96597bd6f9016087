import { type PostgresQueryable, runQuery } from '../client/postgres-client';

/** How many writes pass between two sweeps of one table, and how many rows one sweep deletes at most. */
const EVERY = 64;
const LIMIT = 100;

/**
 * A bounded lazy sweep: every 64th write through a store object deletes up to 100 rows whose `purge_at`
 * passed, off the caller's path (its failure is ignored: the next sweep tries again). Under steady load a
 * table therefore holds only live rows plus a bounded backlog, with no cron. @internal
 */
export function createSweeper(client: PostgresQueryable, table: string): () => void {
  let writes = 0;
  let running = false;
  const sql = `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE purge_at < $1 LIMIT ${LIMIT}))`;
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
