/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist, the
 * typed error over a stand-in client, and, when ARMORER_POSTGRES_URL is set (the test command sets it), the
 * schema creation and an idempotency round trip through pg under Node.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
for (const name of [
  'createPostgresStores',
  'createPostgresApprovalStateStore',
  'createPostgresToolResultCache',
  'StoreError',
]) {
  assert.equal(typeof esm[name], 'function', `esm ${name}`);
  assert.equal(typeof cjs[name], 'function', `cjs ${name}`);
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const down = { query: async () => Promise.reject(refused) };
await assert.rejects(
  () => esm.createPostgresToolResultCache({ client: down }).get('k'),
  (error) => esm.StoreError.isInstance(error) && error.code === 'unavailable',
);

if (process.env.ARMORER_POSTGRES_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.ARMORER_POSTGRES_URL, max: 2 });
  const tablePrefix = `node_smoke_${process.pid}_`;
  const stores = cjs.createPostgresStores({ client: pool, tablePrefix });
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
  for (const table of ['approval_bindings', 'grants', 'tool_results', 'schema_version']) {
    await pool.query(`DROP TABLE IF EXISTS ${tablePrefix}${table}`);
  }
  await pool.end();
  console.log('store-postgres node smoke: ok (with a server)');
} else {
  console.log('store-postgres node smoke: ok (ARMORER_POSTGRES_URL unset: no server round trip)');
}
