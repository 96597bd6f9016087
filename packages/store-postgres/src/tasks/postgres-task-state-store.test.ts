import { afterAll, describe, expect, it } from 'bun:test';
import { taskStateStoreConformance } from '@armorer/test';
import { fixtureTask } from '@armorer/test/fixtures';
import { onServer, serverUrl } from '@armorer/test-servers';
import pg from 'pg';
import { createPostgresStores } from '../create-postgres-stores';
import { StoreError } from '../errors/store-error';
import { TASK_SCHEMA_VERSION } from './task-schema';

onServer(serverUrl('postgres'), 'the PostgreSQL task store tests', (url) => {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // Another pool on the same database, as another process has.
  const peerPool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => undefined);
  peerPool.on('error', () => undefined);
  const tablePrefix = `k${process.pid}_${Date.now().toString(36)}_`;
  afterAll(async () => {
    const { rows } = await pool.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE tablename LIKE '${tablePrefix}%'`,
    );
    for (const { tablename } of rows) await pool.query(`DROP TABLE IF EXISTS ${tablename} CASCADE`);
    await Promise.all([pool.end(), peerPool.end()]);
  });

  taskStateStoreConformance(
    () => createPostgresStores({ client: pool, prefix: tablePrefix }).taskStateStore,
    { describe, it },
    {
      name: 'PostgreSQL TaskStateStore',
      createPeer: () => createPostgresStores({ client: peerPool, prefix: tablePrefix }).taskStateStore,
    },
  );

  describe('the PostgreSQL task table', () => {
    it('ready() creates it with its own version; a table migrated by a newer version is refused', async () => {
      const prefix = `${tablePrefix}v_`;
      await createPostgresStores({ client: pool, prefix }).ready();
      const { rows } = await pool.query(
        `SELECT version FROM ${prefix}schema_version WHERE component = 'tasks'`,
      );
      expect(rows[0]?.version).toBe(TASK_SCHEMA_VERSION);
      await pool.query(`UPDATE ${prefix}schema_version SET version = 99 WHERE component = 'tasks'`);
      const fresh = new pg.Pool({ connectionString: url, max: 1 });
      try {
        const newer = createPostgresStores({ client: fresh, prefix }).taskStateStore;
        const error = await Promise.resolve(newer.get(fixtureTask(Date.now()), Date.now())).catch(
          (thrown) => thrown,
        );
        expect(StoreError.isInstance(error) && error.code).toBe('incompatible-schema');
      } finally {
        await fresh.end();
      }
    });

    it('a list is one range scan of its scope on the list index', async () => {
      const prefix = `${tablePrefix}p_`;
      const tasks = createPostgresStores({ client: pool, prefix }).taskStateStore;
      const now = Date.now();
      for (let n = 0; n < 50; n++) await tasks.create(fixtureTask(now, { principalId: `p${n % 10}` }));
      const session = await pool.connect();
      try {
        await session.query('SET enable_seqscan = off');
        const { rows } = await session.query(
          `EXPLAIN SELECT * FROM ${prefix}tasks WHERE scope = $1 AND purge_at > $2 AND (created_at, task_id) < ($3, $4)
           ORDER BY created_at DESC, task_id DESC LIMIT 10`,
          ['["tenant-1","p1"]', now, now + 1, 'zzz'],
        );
        const plan = rows.map((row) => String(row['QUERY PLAN'])).join('\n');
        expect(plan).toContain(`${prefix}tasks_list`);
        expect(plan).not.toContain('Sort');
      } finally {
        await session.query('RESET enable_seqscan');
        session.release();
      }
    });
  });
});
