import { describe, test } from 'bun:test';
import { join } from 'node:path';
import { defineDurableStoreProcessTests } from '@armorer/test/durable';
import { redisServerBinary, serverStoreAdapter, serverUrl, startRedisServer } from '@armorer/test-servers';
import type { RedisWorkerOptions } from '../test/redis-worker';

const run = `${process.pid}-${Date.now().toString(36)}`;

defineDurableStoreProcessTests(
  serverStoreAdapter({
    name: 'Redis',
    workerModule: join(import.meta.dir, '..', 'test', 'redis-worker.ts'),
    server: serverUrl('redis'),
    startServer: redisServerBinary() === undefined ? undefined : () => startRedisServer(),
    install: 'apt-get install redis-server',
    // A key prefix of its own per scenario.
    storeOptions: (url, label, { reservationLeaseMs }): RedisWorkerOptions => ({
      url,
      prefix: `armorer-proc:${run}:${label}:`,
      ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
    }),
  }),
  { describe, test },
);
