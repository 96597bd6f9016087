/**
 * Node smoke test of the built package (run `bun run build` first), through the server stores' shared
 * driver (`@armorer/test-servers/server-store-smoke`): ESM and CJS exports, the typed error, and a round trip
 * through ioredis when ARMORER_REDIS_URL is set (the test command sets it), then one through node-redis.
 * Before it, Redis's own case: the NOSCRIPT fallback to EVAL over a stand-in client.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fixtureStartedEntry } from '@armorer/test/fixtures';
import { runServerStoreSmoke } from '@armorer/test-servers/server-store-smoke';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');

// A stand-in client: the first EVALSHA answers NOSCRIPT, EVAL loads the script; then the server goes away.
const calls = [];
let down = false;
const client = {
  async evalsha(sha) {
    calls.push(['evalsha', sha.length]);
    if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    throw new Error('NOSCRIPT No matching script. Please use EVAL.');
  },
  async eval() {
    calls.push(['eval']);
    return [null, null]; // HMGET of an absent key
  },
};
const { cache } = esm.createRedisStores({ client });
assert.equal(await cache.get('k'), undefined);
// The check of the first use (a probe script), then the read: each EVALSHA answered NOSCRIPT, then EVAL.
assert.deepEqual(calls, [['evalsha', 40], ['eval'], ['evalsha', 40], ['eval']]);
down = true;

await runServerStoreSmoke({
  name: 'store-redis',
  esm,
  cjs,
  exports: ['createRedisStores'],
  refusedCache: () => cache,
  urlVariable: 'ARMORER_REDIS_URL',
  started: fixtureStartedEntry('a1', { leaseMs: 1_000, deadlineMs: 5_000 }),
  async connect(url) {
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(url);
    const prefix = `armorer-node-smoke:${process.pid}:`;
    return {
      cache: cjs.createRedisStores({ client: redis, prefix }).cache,
      async cleanup() {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      },
    };
  },
});

const url = process.env.ARMORER_REDIS_URL;
if (url) {
  const { createClient } = await import('redis');
  const client = await createClient({ url }).connect();
  const prefix = `armorer-node-smoke-node-redis:${process.pid}:`;
  try {
    const stores = esm.createRedisStores({ client, prefix });
    const started = fixtureStartedEntry('a1', { leaseMs: 1_000, deadlineMs: 5_000 });
    assert.deepEqual(await stores.cache.claimStarted('order-1', started), { claimed: true });
    assert.equal((await stores.cache.get('order-1')).attemptId, 'a1');
  } finally {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(keys);
    client.destroy();
  }
  console.log('store-redis node smoke: ok (node-redis round trip)');
}
