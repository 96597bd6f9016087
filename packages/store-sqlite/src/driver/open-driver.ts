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

/** True under Bun. */
export function isBun(): boolean {
  return typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
}

/** The runtime's own module, loaded synchronously (`process.getBuiltinModule`: Bun, Node 22.3+). */
function builtin<T>(name: string): T | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return typeof runtime?.getBuiltinModule === 'function'
    ? (runtime.getBuiltinModule(name) as T | undefined)
    : undefined;
}

/**
 * Opens `path` with the runtime's built-in SQLite: `bun:sqlite` under Bun, `node:sqlite`
 * (`DatabaseSync`, Node 22.5+) under Node. No native npm dependency, and synchronous: both drivers are.
 */
export function openDriver(path: string): SqlDriver {
  if (isBun()) {
    const module = builtin<{ Database: new (path: string, options?: object) => BunDatabase }>('bun:sqlite');
    if (module !== undefined) return bunDriver(new module.Database(path, { create: true, strict: true }));
  }
  const module = builtin<{ DatabaseSync?: new (path: string) => NodeDatabase }>('node:sqlite');
  if (module?.DatabaseSync === undefined) {
    throw new Error('@armorer/store-sqlite needs bun:sqlite (Bun) or node:sqlite (Node 22.5 or later).');
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
