import { afterAll, describe, expect, it, test } from 'bun:test';
import {
  approvalStateStoreConformance,
  defineToolResultCacheConformance,
  grantStateStoreConformance,
} from '@armorer/test';
import { onServer, serverUrl } from '@armorer/test-servers';
import pg from 'pg';
import { createPostgresStores } from './create-postgres-stores';
import { StoreError } from './errors/store-error';
import { grantListQuery } from './grant/postgres-grant-state-store';
import { SCHEMA_VERSION } from './schema/schema';
import { sweepStatement } from './schema/sweep';

onServer(serverUrl('postgres'), 'the PostgreSQL store tests', (url) => {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => undefined);
  // Each run gets its own tables: runs sharing one server never see each other's rows.
  const tablePrefix = `t${process.pid}_${Date.now().toString(36)}_`;
  afterAll(async () => {
    const { rows } = await pool.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE tablename LIKE '${tablePrefix}%'`,
    );
    for (const { tablename } of rows) await pool.query(`DROP TABLE IF EXISTS ${tablename} CASCADE`);
    await pool.end();
  });

  const stores = (
    prefix = tablePrefix,
    extra: { retainResultsMs?: number; reservationLeaseMs?: number } = {},
  ) => createPostgresStores({ client: pool, prefix, ...extra });
  approvalStateStoreConformance(
    ({ reservationLeaseMs }) => stores(tablePrefix, { reservationLeaseMs }).approvalStateStore,
    { describe, it },
  );
  grantStateStoreConformance(() => stores().grantStateStore, { describe, it });
  defineToolResultCacheConformance(() => stores().cache, {
    test,
    name: 'PostgreSQL ToolResultCache',
    seedLegacyStarted: async (cache, key, startedAt) => {
      await cache.get(key); // creates the table on first use
      await pool.query(
        `INSERT INTO ${tablePrefix}tool_results (key, state, legacy_started_at, entry, purge_at)
         VALUES ($1, 'started', $2, $3, $4)`,
        [key, startedAt, JSON.stringify({ state: 'started', startedAt }), Date.now() + 60_000],
      );
    },
  });

  describe('PostgreSQL schema and sweep', () => {
    it('records the schema version, and refuses tables migrated by a newer version', async () => {
      const prefix = `${tablePrefix}v_`;
      const cache = stores(prefix).cache;
      await cache.get('k');
      const { rows } = await pool.query(
        `SELECT version FROM ${prefix}schema_version WHERE component = 'stores'`,
      );
      expect(rows[0]?.version).toBe(SCHEMA_VERSION);
      await pool.query(`UPDATE ${prefix}schema_version SET version = 99`);
      const newer = createPostgresStores({
        client: new pg.Pool({ connectionString: url, max: 1 }),
        prefix,
      }).cache;
      const error = await Promise.resolve(newer.get('k')).catch((thrown: unknown) => thrown);
      expect(StoreError.isInstance(error) && error.code).toBe('incompatible-schema');
    });

    it('expired rows are swept on write, a bounded batch at a time', async () => {
      const prefix = `${tablePrefix}s_`;
      const cache = stores(prefix, { retainResultsMs: 0 }).cache;
      const now = Date.now();
      const entry = (n: number) => ({
        version: 1 as const,
        state: 'started' as const,
        attemptId: `a${n}`,
        startedAt: now,
        leaseExpiresAt: now + 1000,
        leaseDeadlineAt: now + 5000,
      });
      for (let n = 0; n < 200; n++) await cache.claimStarted(`k${n}`, entry(n));
      await Bun.sleep(300);
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM ${prefix}tool_results`);
      // Three sweeps (every 64th write) of at most 100 rows each: bounded, and well under 200.
      expect(rows[0]?.n).toBeLessThan(200);
      expect(rows[0]?.n).toBeGreaterThanOrEqual(200 - 300);
    });

    it('the sweep stays on the purge_at index under a generic plan, so nothing due costs one probe', async () => {
      const prefix = `${tablePrefix}g_`;
      const cache = stores(prefix).cache;
      await cache.get('k'); // creates the tables
      const table = `${prefix}tool_results`;
      // Never analyzed, as a fresh table is: the planner guesses, and a bare LIMIT scanned the table.
      await pool.query(
        `INSERT INTO ${table} (key, state, entry, purge_at)
         SELECT 'k' || g, 'completed', '{}', $1::bigint + g FROM generate_series(1, 3000) AS g`,
        [Date.now() + 60_000],
      );
      const session = await pool.connect();
      try {
        await session.query('SET plan_cache_mode = force_generic_plan');
        await session.query(`PREPARE armorer_sweep_plan(bigint) AS ${sweepStatement(table)}`);
        const { rows } = await session.query(`EXPLAIN EXECUTE armorer_sweep_plan(${Date.now()})`);
        const plan = rows.map((row) => String(row['QUERY PLAN'])).join('\n');
        expect(plan).toContain(`Index Scan using ${table}_purge`);
        expect(plan).not.toContain('Seq Scan');
        await session.query('DEALLOCATE armorer_sweep_plan');
      } finally {
        await session.query('RESET plan_cache_mode');
        session.release();
      }
    });

    it('a grant lookup by tenant (or none), principal and tool searches an index on all three, under a generic plan', async () => {
      const prefix = `${tablePrefix}l_`;
      const grants = createPostgresStores({ client: pool, prefix }).grantStateStore;
      await grants.get('k'); // creates the tables
      const table = `${prefix}grants`;
      // 3,000 grants of one principal and tool across 1,000 other tenants, never analyzed.
      await pool.query(
        `INSERT INTO ${table} (id, grant_json, uses_remaining, principal_id, tenant_id, tool_name, purge_at)
         SELECT 'g' || g, '{}', 1, 'user-1', 'tenant-' || (g % 1000), 'send-payment', $1::bigint
         FROM generate_series(1, 3000) AS g`,
        [Date.now() + 60_000],
      );
      const session = await pool.connect();
      try {
        await session.query('SET plan_cache_mode = force_generic_plan');
        for (const tenantId of ['tenant-7', null]) {
          const { text, values } = grantListQuery(
            table,
            {
              tenantId,
              principalId: 'user-1',
              toolName: 'send-payment',
            },
            Date.now(),
          );
          await session.query(`PREPARE armorer_lookup_plan AS ${text}`);
          const literals = values.map((value) =>
            typeof value === 'number' ? String(value) : `'${String(value)}'`,
          );
          const { rows } = await session.query(`EXPLAIN EXECUTE armorer_lookup_plan(${literals.join(', ')})`);
          const plan = rows.map((row) => String(row['QUERY PLAN'])).join('\n');
          expect(plan).toMatch(
            new RegExp(
              `Index (Only )?Scan using ${table}_(lookup|principal)|Bitmap Index Scan on ${table}_(lookup|principal)`,
            ),
          );
          expect(plan).not.toContain('Seq Scan');
          const condition = plan.split('\n').find((line) => line.includes('Index Cond')) ?? '';
          for (const column of ['tenant_id', 'principal_id', 'tool_name'])
            expect(condition).toContain(column);
          await session.query('DEALLOCATE armorer_lookup_plan');
        }
      } finally {
        await session.query('RESET plan_cache_mode');
        session.release();
      }
    });

    it('a table prefix the database cannot take is refused with the rule', () => {
      expect(() => createPostgresStores({ client: pool, prefix: 'x; DROP' })).toThrow(
        'lower-case letters, digits and "_"',
      );
    });
  });
});
