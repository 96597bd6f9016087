import { describe, test } from 'bun:test';
import { join } from 'node:path';
import { defineDurableStoreProcessTests } from '@armorer/test/durable';
import { postgresBinDir, serverStoreAdapter, serverUrl, startPostgresServer } from '@armorer/test-servers';
import type { PostgresWorkerOptions } from '../test/postgres-worker';

const run = `${process.pid}_${Date.now().toString(36)}`;

defineDurableStoreProcessTests(
  serverStoreAdapter({
    name: 'PostgreSQL',
    workerModule: join(import.meta.dir, '..', 'test', 'postgres-worker.ts'),
    server: serverUrl('postgres'),
    startServer: postgresBinDir() === undefined ? undefined : () => startPostgresServer(),
    install: 'apt-get install postgresql',
    // Tables of their own per scenario.
    storeOptions: (url, label, { reservationLeaseMs }): PostgresWorkerOptions => ({
      url,
      prefix: `p${run}_${label.replaceAll('-', '_')}_`,
      ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
    }),
  }),
  { describe, test },
);
