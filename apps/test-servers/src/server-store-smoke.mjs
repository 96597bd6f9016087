/**
 * The Node smoke test of a server store package (store-redis, store-postgres), run by each package's
 * `test/node-smoke.mjs` with its own parameters against its build: ESM import and CJS require of dist, the
 * typed `StoreError` (`unavailable`) from a client whose server refuses, and, when the server's URL variable
 * is set (the test command sets it), a claim round trip of the tool result cache under Node, cleaned up
 * after.
 */
import assert from 'node:assert/strict';

/**
 * @param {object} smoke
 * @param {string} smoke.name the package's short name (`store-redis`), for the report line
 * @param {Record<string, unknown>} smoke.esm the build's ESM module
 * @param {Record<string, unknown>} smoke.cjs the build's CJS module
 * @param {readonly string[]} smoke.exports functions both formats must export
 * @param {() => { get(key: string): Promise<unknown> }} smoke.refusedCache a tool result cache whose server refuses
 * @param {string} smoke.urlVariable the environment variable holding the server's URL
 * @param {(url: string) => Promise<{ cache: { claimStarted(key: string, entry: object): Promise<any> }, cleanup(): Promise<void> }>} smoke.connect
 *   a tool result cache of the CJS build on that server, and how to remove what it wrote and disconnect
 * @param {object} smoke.started a fenced started entry (attempt `a1`) to claim with
 */
export async function runServerStoreSmoke(smoke) {
  assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
  for (const name of [...smoke.exports, 'StoreError']) {
    assert.equal(typeof smoke.esm[name], 'function', `esm ${name}`);
    assert.equal(typeof smoke.cjs[name], 'function', `cjs ${name}`);
  }
  const { StoreError } = smoke.esm;
  await assert.rejects(
    () => smoke.refusedCache().get('k'),
    (error) => StoreError.isInstance(error) && error.code === 'unavailable',
  );

  const url = process.env[smoke.urlVariable];
  if (!url) {
    console.log(`${smoke.name} node smoke: ok (${smoke.urlVariable} unset: no server round trip)`);
    return;
  }
  const { cache, cleanup } = await smoke.connect(url);
  try {
    assert.deepEqual(await cache.claimStarted('order-1', smoke.started), { claimed: true });
    const again = await cache.claimStarted('order-1', { ...smoke.started, attemptId: 'a2' });
    assert.equal(again.claimed, false);
    assert.equal(again.entry.attemptId, smoke.started.attemptId);
  } finally {
    await cleanup();
  }
  console.log(`${smoke.name} node smoke: ok (with a server)`);
}
