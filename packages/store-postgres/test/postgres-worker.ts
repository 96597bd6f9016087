// A worker process of the durable-store process tests: the PostgreSQL stores with the test's options.
import { runDurableWorker } from '@armorer/test/durable';
import pg from 'pg';
import { createPostgresStores } from '../src/index';

/** What a test hands every worker: the server, a table prefix of its own, and a reservation lease. */
export interface PostgresWorkerOptions {
  readonly url: string;
  readonly prefix: string;
  readonly reservationLeaseMs?: number;
}

await runDurableWorker(({ url, prefix, reservationLeaseMs }: PostgresWorkerOptions) => {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // An idle connection the server dropped must not end the process; the pool replaces it.
  pool.on('error', () => undefined);
  const stores = createPostgresStores({
    client: pool,
    prefix,
    ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
  });
  return {
    ...stores,
    close: async () => {
      stores.close();
      await pool.end();
    },
  };
});
