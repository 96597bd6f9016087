import { afterAll, describe, expect, it } from 'bun:test';
import { taskStateStoreConformance } from '@armorer/test';
import { fixtureTask } from '@armorer/test/fixtures';
import { tempDatabase } from '../__fixtures__/temp-db';
import { createSqliteStores } from '../create-sqlite-stores';
import { SqliteDatabase } from '../driver/sqlite-database';
import { StoreError } from '../errors/store-error';
import { sqliteTaskStateStore } from './sqlite-task-state-store';
import { TASK_SCHEMA_VERSION } from './task-schema';

const temp = tempDatabase('tasks');
const stores = createSqliteStores({ path: temp.path, synchronous: 'normal' });
// Another connection to the same file, as another process has.
const peer = createSqliteStores({ path: temp.path, synchronous: 'normal' });
afterAll(() => {
  stores.close();
  peer.close();
  temp.cleanup();
});

taskStateStoreConformance(
  () => stores.taskStateStore,
  { describe, it },
  { name: 'SQLite TaskStateStore', createPeer: () => peer.taskStateStore },
);

describe('the SQLite task table', () => {
  it('answers synchronously', () => {
    const now = Date.now();
    const task = fixtureTask(now);
    expect(stores.taskStateStore.create(task)).toBe(true);
    expect(peer.taskStateStore.get(task, now)?.taskId).toBe(task.taskId);
  });

  it('records its own schema version, and a file migrated by a newer version is refused', () => {
    const own = tempDatabase('tasks-version');
    try {
      createSqliteStores({ path: own.path }).close();
      const database = SqliteDatabase.open({ path: own.path });
      expect(database.statement('SELECT version FROM armorer_task_schema_version').get()?.version).toBe(
        TASK_SCHEMA_VERSION,
      );
      database.statement('UPDATE armorer_task_schema_version SET version = 99').run();
      let thrown: unknown;
      try {
        sqliteTaskStateStore(database);
      } catch (error) {
        thrown = error;
      }
      expect(StoreError.isInstance(thrown) && thrown.code).toBe('incompatible-schema');
      database.close();
    } finally {
      own.cleanup();
    }
  });

  it('expired tasks are swept by later writes, a bounded batch at a time', () => {
    const own = tempDatabase('tasks-sweep');
    let clock = Date.now();
    const database = SqliteDatabase.open({ path: own.path, synchronous: 'normal', now: () => clock });
    try {
      const tasks = sqliteTaskStateStore(database);
      const count = () => database.statement('SELECT count(*) AS n FROM armorer_tasks').get()?.n;
      for (let n = 0; n < 300; n++) tasks.create(fixtureTask(clock, { expiresAt: clock + 1_000 }));
      expect(count()).toBe(300);
      clock += 2_000;
      for (let n = 0; n < 64; n++) tasks.create(fixtureTask(clock));
      // One sweep ran (every 64 writes) and deleted at most 256 of the 300 expired rows.
      expect(count()).toBe(300 + 64 - 256);
      for (let n = 0; n < 64; n++) tasks.create(fixtureTask(clock));
      expect(count()).toBe(128);
    } finally {
      database.close();
      own.cleanup();
    }
  });

  it('lists use the scope index, never a scan of other scopes', () => {
    const database = SqliteDatabase.open({ path: temp.path });
    try {
      const plan = database
        .statement(
          'EXPLAIN QUERY PLAN SELECT * FROM armorer_tasks WHERE scope = ? AND expires_at > ? ORDER BY created_at DESC, task_id DESC LIMIT ?',
        )
        .all('["t","p"]', 0, 10)
        .map((row) => String(row.detail))
        .join('\n');
      expect(plan).toContain('armorer_tasks_list');
      expect(plan).not.toMatch(/SCAN armorer_tasks(?! USING)/);
    } finally {
      database.close();
    }
  });
});
