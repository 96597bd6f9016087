/**
 * Node smoke test of the built package (run `bun run build` first), through the server stores' shared
 * driver (`@armorer/test-servers/server-store-smoke`): ESM and CJS exports, the typed error over a stand-in client,
 * and, when ARMORER_POSTGRES_URL is set (the test command sets it), the schema creation and an idempotency
 * round trip through pg.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import { createRequire } from 'node:module';
import { fixtureStartedEntry } from '@armorer/test/fixtures';
import { runServerStoreSmoke } from '@armorer/test-servers/server-store-smoke';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

await runServerStoreSmoke({
  name: 'store-postgres',
  esm,
  cjs,
  exports: ['createPostgresStores'],
  refusedCache: () => esm.createPostgresStores({ client: { query: () => Promise.reject(refused) } }).cache,
  urlVariable: 'ARMORER_POSTGRES_URL',
  started: fixtureStartedEntry('a1', { leaseMs: 1_000, deadlineMs: 5_000 }),
  async connect(url) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const prefix = `node_smoke_${process.pid}_`;
    return {
      cache: cjs.createPostgresStores({ client: pool, prefix }).cache,
      async cleanup() {
        for (const table of ['approval_bindings', 'grants', 'tool_results', 'schema_version']) {
          await pool.query(`DROP TABLE IF EXISTS ${prefix}${table}`);
        }
        await pool.end();
      },
    };
  },
});
