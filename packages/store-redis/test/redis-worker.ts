// A worker process of the durable-store process tests: the Redis stores over an ioredis client with its
// default options (what a newcomer writes), with the test's options.
import { runDurableWorker } from '@armorer/test/durable';
import Redis from 'ioredis';
import { createRedisStores } from '../src/index';

/** What a test hands every worker: the server, a key prefix of its own, and a reservation lease. */
export interface RedisWorkerOptions {
  readonly url: string;
  readonly prefix: string;
  readonly reservationLeaseMs?: number;
}

await runDurableWorker(async ({ url, prefix, reservationLeaseMs }: RedisWorkerOptions) => {
  const client = new Redis(url);
  client.on('error', () => undefined);
  const stores = createRedisStores({
    client,
    prefix,
    ...(reservationLeaseMs === undefined ? {} : { reservationLeaseMs }),
  });
  // While the server is away the stores fail at once (the client says it is reconnecting) and serve
  // again once it is back: no client option needed for that.
  await stores.ready();
  return {
    ...stores,
    close: () => {
      stores.close();
      client.disconnect();
    },
  };
});
