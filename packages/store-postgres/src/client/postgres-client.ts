import { createHash } from 'node:crypto';
import { thrownCode, thrownMessage } from '@armorer/store-shared';
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
// SQLSTATEs that say the stores cannot work as configured: refused login (28), a missing database (3D000)
// or schema (3F000), missing privileges (42501).
const MISCONFIGURED = /^(?:28|3D000|3F000|42501)/;
// pg's own words for a pool after end() and a client after end().
const CLOSED = /Cannot use a pool after calling end|Client was closed and is not queryable/;

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
export function storeErrorOf(error: unknown, endpoint?: string): StoreError {
  if (StoreError.isInstance(error)) return error;
  const at = endpoint === undefined ? '' : ` at ${endpoint}`;
  const detail = thrownMessage(error);
  const code = thrownCode(error);
  if (CLOSED.test(detail)) {
    return new StoreError({
      code: 'closed',
      message: `The PostgreSQL pool or client was ended (end()), so the stores cannot use it: ${detail}`,
      cause: error,
    });
  }
  const isSqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  if (
    (isSqlState && MISCONFIGURED.test(code)) ||
    code === 'ENOTFOUND' ||
    /ENOTFOUND|EAI_NONAME/.test(detail)
  ) {
    return new StoreError({
      code: 'misconfigured',
      message: `PostgreSQL${at} refused the stores${isSqlState ? ` (${code})` : ''}: ${detail}. Check the connection string: host, database, user and password, and the user's privileges.`,
      cause: error,
    });
  }
  if (isSqlState && !TRANSIENT.test(code)) {
    return new StoreError({
      code: 'command-failed',
      message: `PostgreSQL refused the statement (${code}): ${detail}`,
      cause: error,
    });
  }
  return new StoreError({
    code: 'unavailable',
    message: `PostgreSQL${at} is unavailable: ${detail}`,
    cause: error,
  });
}

/** Checks that the stores were given their connection (or a client with `query`). @internal */
export function checkClient(client: unknown): PostgresQueryable {
  if (typeof (client as Partial<PostgresQueryable> | null)?.query !== 'function') {
    throw new TypeError('A PostgreSQL store needs a client with query() (a pg Pool works).');
  }
  return client as PostgresQueryable;
}

/** Checks the table prefix: a plain lower-case SQL identifier start. @internal */
export function checkTablePrefix(prefix: string | undefined): string {
  const value = prefix ?? 'armorer_';
  if (!acceptsTablePrefix(value)) {
    throw new TypeError('The table prefix must match /^[a-z_][a-z0-9_]{0,39}$/ (default "armorer_").');
  }
  return value;
}

/** Whether a table prefix is usable: lower-case letters, digits and `_`, at most 40, not a digit first. @internal */
export function acceptsTablePrefix(prefix: unknown): prefix is string {
  return typeof prefix === 'string' && /^[a-z_][a-z0-9_]{0,39}$/.test(prefix);
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
