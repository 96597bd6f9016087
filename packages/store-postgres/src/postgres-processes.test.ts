import { describe, test } from 'bun:test';
import { join } from 'node:path';
import { defineDurableStoreProcessTests } from '@armorer/test/durable';
import { postgresBinDir, serverUrl, startPostgresServer } from '../../store-redis/src/testing/servers';
import type { PostgresWorkerOptions } from './process/postgres-worker';

const run = `${process.pid}_${Date.now().toString(36)}`;
const server = serverUrl('postgres');
// Tables of their own per scenario.
const storeOptions = (url: string, label: string, reservationLeaseMs?: number): PostgresWorkerOptions => ({
  url,
  tablePrefix: `p${run}_${label.replaceAll('-', '_')}_`,
  ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
});

defineDurableStoreProcessTests<PostgresWorkerOptions>(
  {
    name: 'PostgreSQL',
    workerModule: join(import.meta.dir, 'process', 'postgres-worker.ts'),
    // The workers run the sources, like these tests.
    execArgv: ['--conditions=@armorer/source'],
    workers: Number(process.env.ARMORER_DURABLE_WORKERS ?? 8),
    rounds: Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200),
    store: (scenario, { reservationLeaseMs }) => ({
      storeOptions: storeOptions(server.url ?? '', scenario, reservationLeaseMs),
    }),
    // A server of its own on its own port: stopping it never disturbs the shared one. The pool opens new
    // connections in the background, so the first resume after the start may still find it away.
    async outage() {
      const own = await startPostgresServer();
      return {
        storeOptions: storeOptions(own.url, 'fault'),
        begin: () => own.stop(),
        end: () => own.start(),
        dispose: () => own.dispose(),
        recoverMs: 10_000,
        reason: 'unavailable',
      };
    },
    unavailable: server.url === undefined ? server.missing : undefined,
    outageUnavailable:
      postgresBinDir() === undefined
        ? 'PostgreSQL is not installed (apt-get install postgresql): the outage test starts its own server.'
        : undefined,
    failWhenUnavailable: server.mustFail,
  },
  { describe, test },
);
