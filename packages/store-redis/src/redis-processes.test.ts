import { join } from 'node:path';
import type { RedisWorkerOptions } from './process/redis-worker';
import { defineServerStoreProcessTests } from './testing/process-tests';
import { redisServerBinary, serverUrl, startRedisServer } from './testing/servers';

const run = `${process.pid}-${Date.now().toString(36)}`;

defineServerStoreProcessTests({
  name: 'Redis',
  workerModule: join(import.meta.dir, 'process', 'redis-worker.ts'),
  server: serverUrl('redis'),
  // A key prefix of its own per test.
  storeOptions: (url, label, reservationLeaseMs): RedisWorkerOptions => ({
    url,
    keyPrefix: `armorer-proc:${run}:${label}:`,
    ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
  }),
  ownServer: redisServerBinary() === undefined ? undefined : () => startRedisServer(),
  missingBinary: 'redis-server is not installed (apt-get install redis-server)',
});
