// A worker process of the durable-store process tests: opens the PostgreSQL stores with the test's options.
import { runDurableWorker } from '@armorer/test/durable';
import pg from 'pg';
import { createPostgresApprovalStateStore, createPostgresToolResultCache } from '../index';

/** What a test hands every worker: the server, a table prefix of its own, and a reservation lease. */
export interface PostgresWorkerOptions {
  readonly url: string;
  readonly tablePrefix: string;
  readonly reservationLeaseMs?: number;
}

await runDurableWorker(({ url, tablePrefix, reservationLeaseMs }: PostgresWorkerOptions) => {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 2000 });
  // An idle connection the server dropped must not end the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    approvals: createPostgresApprovalStateStore({
      client: pool,
      tablePrefix,
      ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
    }),
    results: createPostgresToolResultCache({ client: pool, tablePrefix }),
    close: () => pool.end(),
  };
});
