import type { SqlDriver, SqlRow, SqlStatement, SqlValue } from './types';

interface BunStatement {
  get(...params: SqlValue[]): SqlRow | null;
  all(...params: SqlValue[]): SqlRow[];
  run(...params: SqlValue[]): { changes: number };
}
interface BunDatabase {
  exec(sql: string): void;
  prepare(sql: string): BunStatement;
  close(): void;
}
interface NodeStatement {
  get(...params: SqlValue[]): SqlRow | undefined;
  all(...params: SqlValue[]): SqlRow[];
  run(...params: SqlValue[]): { changes: number | bigint };
}
interface NodeDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeStatement;
  close(): void;
}

// Variables, so bundlers leave the runtime's own module to the runtime.
const BUN_SQLITE = 'bun:sqlite';
const NODE_SQLITE = 'node:sqlite';

/** True under Bun. */
export function isBun(): boolean {
  return typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
}

/**
 * Opens `path` with the runtime's built-in SQLite: `bun:sqlite` under Bun, `node:sqlite`
 * (`DatabaseSync`, Node 22.5+) under Node. No native npm dependency.
 */
export async function openDriver(path: string): Promise<SqlDriver> {
  if (isBun()) {
    const module = (await import(BUN_SQLITE)) as {
      Database: new (path: string, options?: object) => BunDatabase;
    };
    return bunDriver(new module.Database(path, { create: true, strict: true }));
  }
  let module: { DatabaseSync: new (path: string) => NodeDatabase };
  try {
    module = (await import(NODE_SQLITE)) as typeof module;
  } catch (error) {
    throw new Error('@armorer/store-sqlite needs bun:sqlite (Bun) or node:sqlite (Node 22.5 or later).', {
      cause: error,
    });
  }
  return nodeDriver(new module.DatabaseSync(path));
}

function bunDriver(database: BunDatabase): SqlDriver {
  return {
    name: 'bun:sqlite',
    exec: (sql) => database.exec(sql),
    prepare(sql): SqlStatement {
      const statement = database.prepare(sql);
      return {
        get: (...params) => statement.get(...params) ?? undefined,
        all: (...params) => statement.all(...params),
        run: (...params) => statement.run(...params),
      };
    },
    close: () => database.close(),
  };
}

function nodeDriver(database: NodeDatabase): SqlDriver {
  return {
    name: 'node:sqlite',
    exec: (sql) => database.exec(sql),
    prepare(sql): SqlStatement {
      const statement = database.prepare(sql);
      return {
        get: (...params) => statement.get(...params),
        all: (...params) => statement.all(...params),
        run: (...params) => ({ changes: Number(statement.run(...params).changes) }),
      };
    },
    close: () => database.close(),
  };
}
