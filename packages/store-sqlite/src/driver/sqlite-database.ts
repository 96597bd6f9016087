import {
  isBusyError,
  SQLITE_CANTOPEN,
  SQLITE_PERM,
  SQLITE_READONLY,
  StoreError,
  sqliteCode,
  toStoreError,
} from '../errors/store-error';
import { MIGRATIONS, SCHEMA_VERSION, SWEPT_TABLES } from '../schema/migrations';
import { openDriver } from './open-driver';
import type { SqlDriver, SqlStatement } from './types';

/** The settings of a SQLite connection shared by the stores (checked by `createSqliteStores`). */
export interface SqliteConnectionOptions {
  /** The database file (created when absent). `:memory:` works but is private to one connection. */
  readonly path: string;
  /** Prefix of the table names (default `armorer_`). */
  readonly prefix?: string;
  /** How long a write waits for another process's lock before failing `busy` (default 3000 ms). */
  readonly operationTimeoutMs?: number;
  /**
   * `full` (default) syncs the write-ahead log on every commit, so a recorded claim or result survives
   * a power loss; `normal` syncs at checkpoints only (survives process crashes, not power loss).
   */
  readonly synchronous?: 'full' | 'normal';
  /** Run the bounded expiry sweep once every this many writes (default 64). */
  readonly sweepEvery?: number;
  /** The most rows one sweep deletes per table (default 256). */
  readonly sweepBatch?: number;
  /** The store's clock (default `Date.now`): expiry sweeps, and the time of a `revoke` given none. */
  readonly now?: () => number;
}

/** Table names in this package's SQL are written with the default prefix; a connection maps them to its own. */
const DEFAULT_PREFIX = 'armorer_';

/**
 * One connection: prepared statements, `BEGIN IMMEDIATE` write transactions with the bounded expiry
 * sweep folded in, and driver failures turned into {@link StoreError}s.
 */
export class SqliteDatabase {
  readonly now: () => number;
  readonly #driver: SqlDriver;
  readonly #statements = new Map<string, SqlStatement>();
  readonly #sweepEvery: number;
  readonly #sweepBatch: number;
  readonly #prefix: string;
  readonly #busyTimeoutMs: number;
  #writes = 0;
  #closed = false;

  private constructor(driver: SqlDriver, options: SqliteConnectionOptions, busyTimeoutMs: number) {
    this.#driver = driver;
    this.now = options.now ?? Date.now;
    this.#sweepEvery = positive(options.sweepEvery, 64, 'sweepEvery');
    this.#sweepBatch = positive(options.sweepBatch, 256, 'sweepBatch');
    this.#prefix = options.prefix ?? DEFAULT_PREFIX;
    this.#busyTimeoutMs = busyTimeoutMs;
  }

  /**
   * Opens the file, switches it to WAL, and creates or migrates the schema. Synchronous, as both drivers
   * are: a failure is a typed {@link StoreError} right here (a path that cannot be opened is
   * `misconfigured`, a file that is not a database `corrupt-record`).
   */
  static open(options: SqliteConnectionOptions): SqliteDatabase {
    if (typeof options?.path !== 'string' || options.path.length === 0) {
      throw new TypeError('A SQLite store needs a path (a file name, or ":memory:").');
    }
    const busyTimeout = positive(options.operationTimeoutMs, 3000, 'operationTimeoutMs');
    const synchronous = options.synchronous ?? 'full';
    if (synchronous !== 'full' && synchronous !== 'normal') {
      throw new TypeError('synchronous must be "full" or "normal".');
    }
    let driver: SqlDriver;
    try {
      driver = openDriver(options.path);
    } catch (error) {
      throw wrapOpen(error, options.path);
    }
    let database: SqliteDatabase;
    try {
      database = new SqliteDatabase(driver, options, busyTimeout);
      database.#initialize(synchronous);
    } catch (error) {
      driver.close();
      throw wrapOpen(error, options.path);
    }
    return database;
  }

  /**
   * The busy timeout, WAL, the sync mode and the schema. SQLite answers "database is locked" at once,
   * without waiting in its busy handler, when waiting could deadlock: connections of several processes
   * opening one new file at the same moment (switching it to WAL, recovering its WAL). Those steps are
   * idempotent (the schema's transaction rolls back), so they are tried again after a short pause until the
   * busy timeout has passed. The pause blocks, as SQLite's own busy handler does.
   */
  #initialize(synchronous: 'full' | 'normal'): void {
    const driver = this.#driver;
    // The busy timeout first: switching to WAL itself waits for other connections.
    driver.exec(`PRAGMA busy_timeout = ${Math.trunc(this.#busyTimeoutMs)}`);
    const deadline = Date.now() + this.#busyTimeoutMs;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      try {
        driver.exec('PRAGMA journal_mode = WAL');
        driver.exec(`PRAGMA synchronous = ${synchronous.toUpperCase()}`);
        this.#migrate();
        return;
      } catch (error) {
        if (!isBusyError(error) || Date.now() >= deadline) throw error;
        Atomics.wait(PAUSE, 0, 0, pause);
      }
    }
  }

  /** This package's SQL with the table names of this connection's prefix. */
  #sql(text: string): string {
    return this.#prefix === DEFAULT_PREFIX ? text : text.replace(TABLE_NAME, this.#prefix);
  }

  /** The driver in use: `bun:sqlite` or `node:sqlite`. */
  get driverName(): string {
    return this.#driver.name;
  }

  /** A cached prepared statement. */
  statement(sql: string): SqlStatement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#driver.prepare(this.#sql(sql));
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** A read outside any transaction (one statement sees one consistent snapshot). */
  read<T>(doing: string, body: () => T): T {
    this.#checkOpen();
    try {
      return body();
    } catch (error) {
      throw toStoreError(error, doing, this.#busyTimeoutMs);
    }
  }

  /**
   * Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken first (waiting up to the busy
   * timeout), so a read-decide-write inside is atomic across processes. A thrown refusal rolls back.
   */
  write<T>(doing: string, body: () => T): T {
    this.#checkOpen();
    try {
      this.statement('BEGIN IMMEDIATE').run();
    } catch (error) {
      throw toStoreError(error, doing, this.#busyTimeoutMs);
    }
    try {
      const result = body();
      if (++this.#writes >= this.#sweepEvery) {
        this.#writes = 0;
        this.#sweep();
      }
      this.statement('COMMIT').run();
      return result;
    } catch (error) {
      try {
        this.statement('ROLLBACK').run();
      } catch {
        // The failure already ended the transaction.
      }
      throw toStoreError(error, doing, this.#busyTimeoutMs);
    }
  }

  /** Deletes at most `sweepBatch` rows per table whose reclaim time passed. Runs inside a write. */
  #sweep(): void {
    const now = this.now();
    for (const table of SWEPT_TABLES) {
      this.statement(
        `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE reclaim_at < ? LIMIT ?)`,
      ).run(now, this.#sweepBatch);
    }
  }

  /** Runs one sweep now, in its own transaction (housekeeping without waiting for writes). */
  sweepNow(): void {
    this.write('sweeping expired rows', () => this.#sweep());
  }

  #migrate(): void {
    const driver = this.#driver;
    const exec = (sql: string) => driver.exec(this.#sql(sql));
    exec('BEGIN IMMEDIATE');
    try {
      exec(
        'CREATE TABLE IF NOT EXISTS armorer_schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)',
      );
      const row = driver.prepare(this.#sql('SELECT version FROM armorer_schema_version WHERE id = 1')).get();
      const current = typeof row?.version === 'number' ? row.version : 0;
      if (current > SCHEMA_VERSION) {
        throw new StoreError({
          code: 'incompatible-schema',
          message: `The database is at schema version ${current}; this @armorer/store-sqlite knows ${SCHEMA_VERSION}. Upgrade the package.`,
        });
      }
      for (const migration of MIGRATIONS) {
        if (migration.version <= current) continue;
        for (const sql of migration.statements) exec(sql);
      }
      if (current < SCHEMA_VERSION) {
        driver
          .prepare(
            this.#sql(
              'INSERT INTO armorer_schema_version (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version',
            ),
          )
          .run(SCHEMA_VERSION);
      }
      exec('COMMIT');
    } catch (error) {
      exec('ROLLBACK');
      throw error;
    }
  }

  #checkOpen(): void {
    if (this.#closed) {
      throw new StoreError({
        code: 'closed',
        message: 'These SQLite stores were closed (stores.close()); create new ones to use the file again.',
      });
    }
  }

  /** Whether {@link close} ran. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Closes the connection; later calls fail with a `closed` store error. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#statements.clear();
    this.#driver.close();
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive number.`);
  }
  return value;
}

/** A table name of this package's SQL: `armorer_` then a lower-case letter. */
const TABLE_NAME = /\barmorer_(?=[a-z])/g;

/** What `Atomics.wait` sleeps on between tries to open a file another process is opening. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

function wrapOpen(error: unknown, path: string): unknown {
  if (StoreError.isInstance(error)) return error;
  const code = sqliteCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  // A path that cannot be opened or written (a missing folder, permissions, a read-only file) stays so.
  if (code === undefined || code === SQLITE_CANTOPEN || code === SQLITE_PERM || code === SQLITE_READONLY) {
    return new StoreError({
      code: 'misconfigured',
      message: `Cannot open the SQLite database ${path}: ${detail}. Check that its folder exists and is writable.`,
      cause: error,
    });
  }
  return toStoreError(error, `opening ${path}`);
}
