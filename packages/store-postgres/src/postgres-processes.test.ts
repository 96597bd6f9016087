import { join } from 'node:path';
import { defineServerStoreProcessTests } from '../../store-redis/src/testing/process-tests';
import { postgresBinDir, serverUrl, startPostgresServer } from '../../store-redis/src/testing/servers';
import type { PostgresWorkerOptions } from './process/postgres-worker';

const run = `${process.pid}_${Date.now().toString(36)}`;

defineServerStoreProcessTests({
  name: 'PostgreSQL',
  workerModule: join(import.meta.dir, 'process', 'postgres-worker.ts'),
  server: serverUrl('postgres'),
  // Tables of their own per test.
  storeOptions: (url, label, reservationLeaseMs): PostgresWorkerOptions => ({
    url,
    tablePrefix: `p${run}_${label}_`,
    ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
  }),
  ownServer: postgresBinDir() === undefined ? undefined : () => startPostgresServer(),
  missingBinary: 'PostgreSQL is not installed (apt-get install postgresql)',
});
