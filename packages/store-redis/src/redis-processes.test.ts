import { describe, test } from 'bun:test';
import { StoreError } from './errors/store-error';
import { checkServerFault, defineProcessTests } from './testing/process-suite';
import { redisServerBinary, serverUrl, startRedisServer } from './testing/servers';

const server = serverUrl('redis');
const run = `${process.pid}-${Date.now().toString(36)}`;

if (server.url === undefined) {
  if (server.mustFail) {
    test('Redis process tests: the server is missing', () => {
      throw new Error(server.missing);
    });
  } else {
    console.warn(`skipping the Redis process tests: ${server.missing}`);
  }
} else {
  const url = server.url;
  defineProcessTests(
    'Redis',
    () => ({ kind: 'redis', url, prefix: (label) => `armorer-proc:${run}:${label}:` }),
    {
      describe,
      test,
    },
  );
}

describe('Redis server faults', () => {
  const binary = redisServerBinary();
  test('the server stopped mid-run: a typed StoreError and no execution; started again: served again', async () => {
    if (binary === undefined) {
      const message =
        'redis-server is not installed (apt-get install redis-server): the fault test starts its own.';
      if (process.env.CI) throw new Error(message);
      console.warn(`skipping: ${message}`);
      return;
    }
    // Its own server on its own port: stopping it never disturbs the shared one.
    const own = await startRedisServer();
    try {
      await checkServerFault(
        { kind: 'redis', url: own.url, prefix: `armorer-fault:${run}:` },
        own,
        StoreError.isInstance,
      );
    } finally {
      await own.dispose();
    }
  }, 120_000);
});
