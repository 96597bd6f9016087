import { describe, test } from 'bun:test';
import { join } from 'node:path';
import { defineDurableStoreProcessTests } from '@armorer/test/durable';
import { tempDatabase } from '../__fixtures__/temp-db';
import type { SqliteStoresOptions } from '../create-sqlite-stores';
import { SqliteDatabase } from '../driver/sqlite-database';

defineDurableStoreProcessTests<SqliteStoresOptions>(
  {
    name: 'SQLite',
    workerModule: join(import.meta.dir, '..', '..', 'test', 'sqlite-worker.ts'),
    // The workers run the sources, like this test.
    execArgv: ['--conditions=@armorer/source'],
    workers: Number(process.env.ARMORER_DURABLE_WORKERS ?? 8),
    rounds: Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200),
    // A database file of its own per scenario.
    store(scenario, { reservationLeaseMs }) {
      const temp = tempDatabase(scenario);
      const lease = reservationLeaseMs === undefined ? {} : { reservationLeaseMs };
      return { storeOptions: { path: temp.path, ...lease }, dispose: temp.cleanup };
    },
    // Another process holding the write lock past operationTimeoutMs is SQLite's "server away"; readers
    // are not blocked by it, so the state still reads.
    async outage() {
      const temp = tempDatabase('outage');
      const holder = SqliteDatabase.open({ path: temp.path });
      return {
        storeOptions: { path: temp.path, operationTimeoutMs: 100 },
        begin: () => holder.statement('BEGIN IMMEDIATE').run(),
        end: () => holder.statement('COMMIT').run(),
        dispose() {
          holder.close();
          temp.cleanup();
        },
        reason: 'busy',
        state: { state: 'issued' },
      };
    },
  },
  { describe, test },
);
