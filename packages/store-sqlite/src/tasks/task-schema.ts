import type { SqliteDatabase } from '../driver/sqlite-database';
import { StoreError } from '../errors/store-error';

/** The version of the task table this package writes and reads (kept apart from the other tables'). */
export const TASK_SCHEMA_VERSION = 1;

/**
 * Migration n takes the task table from version n - 1 to n. The task table has a version of its own
 * (`armorer_task_schema_version`), so it never competes with the numbering of the other tables.
 */
const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE IF NOT EXISTS armorer_tasks (
      scope TEXT NOT NULL,
      task_id TEXT NOT NULL,
      status TEXT NOT NULL,
      revision INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      status_message TEXT,
      progress TEXT,
      owner TEXT,
      lease_expires_at INTEGER,
      cancel_requested INTEGER NOT NULL,
      data TEXT NOT NULL,
      result TEXT,
      error TEXT,
      PRIMARY KEY (scope, task_id)
    )`,
    // A scope's list reads only its own rows, newest first.
    'CREATE INDEX IF NOT EXISTS armorer_tasks_list ON armorer_tasks (scope, created_at DESC, task_id DESC)',
    'CREATE INDEX IF NOT EXISTS armorer_tasks_expiry ON armorer_tasks (expires_at)',
  ],
];

/**
 * Creates or migrates the task table in one `BEGIN IMMEDIATE` transaction (whoever opens the file first
 * does it; the others find it done). A file migrated by a newer version is refused with
 * `incompatible-schema`.
 */
export function ensureTaskSchema(database: SqliteDatabase): void {
  database.write('creating the task table', () => {
    database
      .statement(
        'CREATE TABLE IF NOT EXISTS armorer_task_schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)',
      )
      .run();
    const row = database.statement('SELECT version FROM armorer_task_schema_version WHERE id = 1').get();
    const current = typeof row?.version === 'number' ? row.version : 0;
    if (current > TASK_SCHEMA_VERSION) {
      throw new StoreError({
        code: 'incompatible-schema',
        message: `The task table is at schema version ${current}; this @armorer/store-sqlite knows ${TASK_SCHEMA_VERSION}. Upgrade the package.`,
      });
    }
    MIGRATIONS.forEach((statements, index) => {
      if (index + 1 <= current) return;
      for (const sql of statements) database.statement(sql).run();
    });
    if (current < TASK_SCHEMA_VERSION) {
      database
        .statement(
          'INSERT INTO armorer_task_schema_version (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version',
        )
        .run(TASK_SCHEMA_VERSION);
    }
  });
}
