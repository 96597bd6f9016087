/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist,
 * the NOSCRIPT fallback and the typed error over a stand-in client, and, when ARMORER_REDIS_URL is set (the
 * test command sets it), a real approval and idempotency round trip through ioredis under Node.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
for (const name of [
  'createRedisStores',
  'createRedisApprovalStateStore',
  'createRedisToolResultCache',
  'StoreError',
]) {
  assert.equal(typeof esm[name], 'function', `esm ${name}`);
  assert.equal(typeof cjs[name], 'function', `cjs ${name}`);
}

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
const cache = esm.createRedisToolResultCache({ client });
assert.equal(await cache.get('k'), undefined);
assert.deepEqual(calls, [['evalsha', 40], ['eval']]);
down = true;
await assert.rejects(
  () => cache.get('k'),
  (error) => esm.StoreError.isInstance(error) && error.code === 'unavailable',
);

if (process.env.ARMORER_REDIS_URL) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(process.env.ARMORER_REDIS_URL);
  const keyPrefix = `armorer-node-smoke:${process.pid}:`;
  const stores = cjs.createRedisStores({ client: redis, keyPrefix });
  const now = Date.now();
  const started = {
    version: 1,
    state: 'started',
    attemptId: 'a1',
    startedAt: now,
    leaseExpiresAt: now + 1000,
    leaseDeadlineAt: now + 5000,
  };
  assert.deepEqual(await stores.toolResultCache.claimStarted('order-1', started), { claimed: true });
  const again = await stores.toolResultCache.claimStarted('order-1', { ...started, attemptId: 'a2' });
  assert.equal(again.claimed, false);
  assert.equal(again.entry.attemptId, 'a1');
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  console.log('store-redis node smoke: ok (with a server)');
} else {
  console.log('store-redis node smoke: ok (ARMORER_REDIS_URL unset: no server round trip)');
}
