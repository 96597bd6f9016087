/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist,
 * the node:sqlite driver (DatabaseSync) on a real file, two connections sharing it, WAL, the typed errors,
 * and the durable process tests of @armorer/test/durable with Node worker processes (a race of 8 workers,
 * a SIGKILL between claim and completion, a restart). Exits non-zero on failure.
 *
 *   node test/node-smoke.mjs        (Node >= 22.5)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDurableClaimCrash, runDurableRace, runDurableRestart } from '@armorer/test/durable';
import { fixtureStartedEntry } from '@armorer/test/fixtures';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');

const dir = mkdtempSync(join(tmpdir(), 'armorer-store-sqlite-node-'));
let passed = 0;
async function check(name, body) {
  await body();
  passed++;
  console.log(`ok ${name}`);
}

try {
  for (const [format, mod] of [
    ['esm', esm],
    ['cjs', cjs],
  ]) {
    await check(`${format}: node:sqlite, two connections on one file, results round-trip`, async () => {
      const path = join(dir, `${format}.db`);
      const one = mod.createSqliteStores({ path });
      const two = mod.createSqliteStores({ path });
      assert.equal(one.driver, 'node:sqlite');
      const key = `key\u0000"quoted"\ud800`;
      assert.deepEqual(one.cache.claimStarted(key, fixtureStartedEntry('a1', { startedAt: 1 })), {
        claimed: true,
      });
      const lost = two.cache.claimStarted(key, fixtureStartedEntry('a2', { startedAt: 1 }));
      assert.equal(lost.claimed, false);
      assert.equal(lost.entry.attemptId, 'a1');
      const done = {
        version: 1,
        state: 'completed',
        attemptId: 'a1',
        completedAt: 2,
        policyRevision: null,
        value: { n: 1 },
        streamed: false,
      };
      assert.equal(one.cache.completeStarted(key, 'a1', done), true);
      assert.deepEqual(two.cache.get(key), done);
      assert.equal(two.cache.get(`key\u0000"quoted"`), undefined);
      one.close();
      two.close();
    });
    await check(`${format}: typed store errors`, async () => {
      const stores = mod.createSqliteStores({ path: join(dir, `${format}-closed.db`) });
      stores.close();
      await assert.rejects(
        async () => stores.cache.get('k'),
        (error) => mod.StoreError.isInstance(error) && error.code === 'closed' && !error.retryable,
      );
      assert.throws(
        () => mod.createSqliteStores({ path: join(dir, 'missing', 'x.db') }),
        (error) => mod.StoreError.isInstance(error) && error.code === 'misconfigured',
      );
      assert.throws(
        () => mod.createSqliteStores(join(dir, 'positional.db')),
        (error) => mod.StoreError.isInstance(error) && error.message.includes('createSqliteStores({ path'),
      );
    });
  }
  const workerModule = fileURLToPath(new URL('./node-durable-worker.mjs', import.meta.url));
  await check('node workers: 8 processes x 40 rounds, exactly one execution per round', async () => {
    const report = await runDurableRace({
      workerModule,
      storeOptions: { path: join(dir, 'race.db') },
      workers: 8,
      rounds: 40,
    });
    assert.deepEqual(report.violations, []);
    console.log(`  (${Math.round(report.durationMs)} ms)`);
  });
  await check('node workers: SIGKILL between claim and completion leaves unknown-outcome', async () => {
    const report = await runDurableClaimCrash({
      workerModule,
      storeOptions: { path: join(dir, 'claim.db') },
    });
    assert.deepEqual(report.violations, []);
  });
  await check('node workers: an approval and a result survive a restart', async () => {
    const report = await runDurableRestart({ workerModule, storeOptions: { path: join(dir, 'restart.db') } });
    assert.deepEqual(report.violations, []);
  });
  console.log(`store-sqlite node smoke: ${passed} checks passed`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
