import { createHash } from 'node:crypto';
import { StoreError } from '../errors/store-error';

/** The rows and count a query answers. */
export interface PostgresQueryResult {
  readonly rows: readonly Record<string, unknown>[];
  readonly rowCount: number | null;
}

/** One statement: its text, its parameters, and the name it is prepared under on each connection. */
export interface PostgresQuery {
  readonly text: string;
  readonly values?: unknown[];
  readonly name?: string;
}

/**
 * What the stores need from a PostgreSQL client: `query({ text, values, name })` answering rows (a named
 * statement is parsed and planned once per connection). A `pg` `Pool` fits as it is (recommended: every
 * operation is one statement, so any pooled connection serves it); so does a single `pg` `Client`.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * const pool: PostgresQueryable = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
 * ```
 */
export interface PostgresQueryable {
  query(query: PostgresQuery): Promise<PostgresQueryResult>;
}

// SQLSTATE classes that pass once the server is back: connection exceptions, insufficient resources,
// operator intervention (shutdown, crash, cannot connect now), serialization and deadlock.
const TRANSIENT = /^(?:08|53|57P|40)/;

const names = new Map<string, string>();

/** The prepared-statement name of a text: a digest, so every copy of this package agrees on it. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `armorer_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs one statement; a client or server failure becomes a typed {@link StoreError}. A statement with
 * parameters is named (prepared once per connection); one without runs as a simple query. @internal
 */
export function runQuery(
  client: PostgresQueryable,
  text: string,
  values?: unknown[],
): Promise<PostgresQueryResult> {
  try {
    return client
      .query(values === undefined ? { text } : { name: nameOf(text), text, values })
      .then(undefined, rethrowTyped);
  } catch (error) {
    return Promise.reject(storeErrorOf(error));
  }
}

const rethrowTyped = (error: unknown): never => {
  throw storeErrorOf(error);
};

/** The typed error of a failed query. @internal */
export function storeErrorOf(error: unknown): StoreError {
  if (StoreError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const sqlState = (error as { code?: unknown } | null)?.code;
  const isSqlState = typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState);
  if (isSqlState && !TRANSIENT.test(sqlState)) {
    return new StoreError({
      code: 'command-failed',
      message: `PostgreSQL refused the statement (${sqlState}): ${detail}`,
      cause: error,
    });
  }
  return new StoreError({
    code: 'unavailable',
    message: `PostgreSQL is unavailable: ${detail}`,
    cause: error,
  });
}

/** Checks the client once at construction. @internal */
export function checkClient(client: unknown): PostgresQueryable {
  if (typeof (client as Partial<PostgresQueryable> | null)?.query !== 'function') {
    throw new TypeError('A PostgreSQL store needs a client with query() (a pg Pool works).');
  }
  return client as PostgresQueryable;
}

/** Checks the table prefix: a plain lower-case SQL identifier start. @internal */
export function checkTablePrefix(prefix: string | undefined): string {
  const value = prefix ?? 'armorer_';
  if (typeof value !== 'string' || !/^[a-z_][a-z0-9_]{0,39}$/.test(value)) {
    throw new TypeError('The table prefix must match /^[a-z_][a-z0-9_]{0,39}$/ (default "armorer_").');
  }
  return value;
}

/**
 * A key as PostgreSQL text, which cannot hold NUL: backslash and NUL are escaped (`\\`, `\0`), so distinct
 * keys stay distinct. @internal
 */
export function textKey(key: string): string {
  if (!key.includes('\\') && !key.includes(NUL)) return key;
  return key.replaceAll('\\', '\\\\').replaceAll(NUL, '\\0');
}

const NUL = String.fromCharCode(0);
