import { describe, test } from 'bun:test';
import { join } from 'node:path';
import { defineDurableStoreProcessTests } from '@armorer/test/durable';
import type { RedisWorkerOptions } from './process/redis-worker';
import { redisServerBinary, serverUrl, startRedisServer } from './testing/servers';

const run = `${process.pid}-${Date.now().toString(36)}`;
const server = serverUrl('redis');
// A key prefix of its own per scenario.
const storeOptions = (url: string, label: string, reservationLeaseMs?: number): RedisWorkerOptions => ({
  url,
  keyPrefix: `armorer-proc:${run}:${label}:`,
  ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
});

defineDurableStoreProcessTests<RedisWorkerOptions>(
  {
    name: 'Redis',
    workerModule: join(import.meta.dir, 'process', 'redis-worker.ts'),
    // The workers run the sources, like these tests.
    execArgv: ['--conditions=@armorer/source'],
    workers: Number(process.env.ARMORER_DURABLE_WORKERS ?? 8),
    rounds: Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200),
    store: (scenario, { reservationLeaseMs }) => ({
      storeOptions: storeOptions(server.url ?? '', scenario, reservationLeaseMs),
    }),
    // A server of its own on its own port: stopping it never disturbs the shared one. The client
    // reconnects in the background, so the first resume after the start may still find it away.
    async outage() {
      const own = await startRedisServer();
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
      redisServerBinary() === undefined
        ? 'redis-server is not installed (apt-get install redis-server): the outage test starts its own server.'
        : undefined,
    failWhenUnavailable: server.mustFail,
  },
  { describe, test },
);
