import { afterAll, describe, expect, it } from 'bun:test';
import type { ApprovalStateStore } from '@armorer/approval';
import { approvalRestoreConformance } from '@armorer/test';
import { fixtureBindingV3 } from '@armorer/test/fixtures';
import { onServer, serverUrl } from '@armorer/test-servers';
import pg from 'pg';
import { createPostgresStores } from '../create-postgres-stores';
import { sweepStatement } from '../schema/sweep';

onServer(serverUrl('postgres'), 'the PostgreSQL restore tests', (url) => {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => undefined);
  const run = `r${process.pid}_${Date.now().toString(36)}_`;
  afterAll(async () => {
    const { rows } = await pool.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE tablename LIKE '${run}%'`,
    );
    for (const { tablename } of rows) await pool.query(`DROP TABLE IF EXISTS ${tablename} CASCADE`);
    const functions = await pool.query<{ proname: string }>(
      `SELECT proname FROM pg_proc WHERE proname LIKE '${run}%'`,
    );
    for (const { proname } of functions.rows)
      await pool.query(`DROP FUNCTION IF EXISTS ${proname}() CASCADE`);
    await pool.end();
  });

  /** Each test's store has tables of its own; this maps it back to its bindings table. */
  const tables = new Map<ApprovalStateStore, string>();
  let count = 0;
  const fresh = (): ApprovalStateStore => {
    const tablePrefix = `${run}${++count}_`;
    const store = createPostgresStores({ client: pool, prefix: tablePrefix }).approvalStateStore;
    tables.set(store, `${tablePrefix}approval_bindings`);
    return store;
  };
  const tableOf = (store: ApprovalStateStore) => tables.get(store) as string;

  approvalRestoreConformance(
    fresh,
    { describe, it },
    {
      name: 'PostgreSQL ApprovalStateStore restore conformance',
      losses: [
        {
          name: 'a TRUNCATE of the bindings table',
          lose: async (store) => {
            await pool.query(`TRUNCATE ${tableOf(store)}`);
            return store;
          },
        },
        {
          name: 'a DELETE of every binding row',
          lose: async (store) => {
            await pool.query(`DELETE FROM ${tableOf(store)}`);
            return store;
          },
        },
      ],
      // A sweep run by a process whose clock is a day ahead: the row goes while this clock says it is valid.
      dropRecord: async (store, binding) => {
        const cutoff = Date.now() + 24 * 60 * 60 * 1000;
        for (let round = 0; round < 200 && (await store.state(binding)) !== undefined; round++) {
          await pool.query(sweepStatement(tableOf(store)), [cutoff]);
        }
      },
    },
  );

  describe('the PostgreSQL approval epoch', () => {
    it('is shared by every store object on the tables', async () => {
      const store = fresh();
      const epoch = await store.epoch?.();
      const tablePrefix = tableOf(store).replace(/approval_bindings$/, '');
      const other = createPostgresStores({ client: pool, prefix: tablePrefix }).approvalStateStore;
      expect(await other.epoch?.()).toBe(epoch);
      const binding = fixtureBindingV3(Date.now(), epoch ?? null);
      await other.restore?.(binding);
      expect(await store.state(binding)).toBe('issued');
    });

    it('a row deleted by hand raises the mark; a trigger dropped by hand replaces the epoch', async () => {
      const store = fresh();
      const epoch = (await store.epoch?.()) ?? null;
      const now = Date.now();
      const deleted = fixtureBindingV3(now, epoch, { expiresAt: now + 10 * 60 * 1000 });
      await store.issue(deleted);
      await pool.query(`DELETE FROM ${tableOf(store)} WHERE key LIKE $1`, [`%${deleted.nonce}`]);
      await expect(Promise.resolve(store.restore?.(deleted))).rejects.toMatchObject({
        code: 'not-restorable',
      });
      const later = fixtureBindingV3(now, epoch, { expiresAt: now + 48 * 60 * 60 * 1000 });
      await store.restore?.(later);
      expect(await store.state(later)).toBe('issued');
      // Without the trigger, deletes would go unrecorded: the store puts it back with a new epoch.
      await pool.query(
        `DROP TRIGGER ${tableOf(store).replace(/approval_bindings$/, '')}approval_bindings_deleted ON ${tableOf(store)}`,
      );
      const next = await store.epoch?.();
      expect(next).not.toBe(epoch);
      await expect(Promise.resolve(store.restore?.(fixtureBindingV3(now, epoch)))).rejects.toMatchObject({
        code: 'not-restorable',
      });
    });
  });
});
