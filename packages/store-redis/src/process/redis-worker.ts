// A worker process of the durable-store process tests: opens the Redis stores with the test's options.
import { runDurableWorker } from '@armorer/test/durable';
import Redis from 'ioredis';
import { createRedisApprovalStateStore, createRedisToolResultCache } from '../index';

/** What a test hands every worker: the server, a key prefix of its own, and a reservation lease. */
export interface RedisWorkerOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly reservationLeaseMs?: number;
}

await runDurableWorker(async ({ url, keyPrefix, reservationLeaseMs }: RedisWorkerOptions) => {
  // Fail fast while the server is down (a typed StoreError) and reconnect in the background.
  const client = new Redis(url, { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
  client.on('error', () => undefined);
  await client.connect();
  return {
    approvals: createRedisApprovalStateStore({
      client,
      keyPrefix,
      ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
    }),
    results: createRedisToolResultCache({ client, keyPrefix }),
    close: () => client.disconnect(),
  };
});
