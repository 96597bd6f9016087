/** A value SQLite binds or returns in this package: text, integers and nulls only. */
export type SqlValue = string | number | null;

/** A row as both drivers return it: column name to value. */
export type SqlRow = Readonly<Record<string, SqlValue>>;

/** One prepared statement, reused for every call. */
export interface SqlStatement {
  /** The first row, or `undefined`. */
  get(...params: SqlValue[]): SqlRow | undefined;
  all(...params: SqlValue[]): SqlRow[];
  /** Runs a write; `changes` is the number of rows it changed. */
  run(...params: SqlValue[]): { readonly changes: number };
}

/**
 * The seam between the stores and a SQLite binding: `bun:sqlite` under Bun, `node:sqlite` under Node.
 * Everything is synchronous, so one transaction never interleaves with other JavaScript on its connection.
 */
export interface SqlDriver {
  /** `bun:sqlite` or `node:sqlite`. */
  readonly name: string;
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  close(): void;
}
