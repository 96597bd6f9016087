import type { PostgresQueryable, PostgresQueryResult } from '../client/postgres-client';
import { runQuery } from '../client/postgres-client';
import { StoreError } from '../errors/store-error';

/** The schema version this package writes and reads. */
export const SCHEMA_VERSION = 1;

/** Table names under one prefix. @internal */
export interface Tables {
  readonly versions: string;
  readonly bindings: string;
  readonly grants: string;
  readonly results: string;
}

/** The tables of a prefix. @internal */
export function tablesOf(prefix: string): Tables {
  return {
    versions: `${prefix}schema_version`,
    bindings: `${prefix}approval_bindings`,
    grants: `${prefix}grants`,
    results: `${prefix}tool_results`,
  };
}

/** Migration n takes the schema from version n - 1 to n. */
function migrations(t: Tables): readonly string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t.bindings} (
      key text PRIMARY KEY,
      signature text NOT NULL,
      state text NOT NULL,
      reserved_at double precision,
      purge_at bigint NOT NULL);
    CREATE INDEX IF NOT EXISTS ${t.bindings}_purge ON ${t.bindings} (purge_at);
    CREATE TABLE IF NOT EXISTS ${t.grants} (
      id text PRIMARY KEY,
      grant_json text NOT NULL,
      uses_remaining integer NOT NULL,
      revoked boolean NOT NULL DEFAULT false,
      principal_id text NOT NULL,
      tenant_id text,
      tool_name text NOT NULL,
      purge_at bigint NOT NULL);
    CREATE INDEX IF NOT EXISTS ${t.grants}_lookup ON ${t.grants} (tenant_id, principal_id, tool_name);
    CREATE INDEX IF NOT EXISTS ${t.grants}_principal ON ${t.grants} (principal_id, tool_name, tenant_id);
    CREATE INDEX IF NOT EXISTS ${t.grants}_purge ON ${t.grants} (purge_at);
    CREATE TABLE IF NOT EXISTS ${t.results} (
      key text PRIMARY KEY,
      state text NOT NULL,
      attempt_id text,
      lease_expires_at double precision,
      lease_deadline_at double precision,
      legacy_started_at double precision,
      entry text NOT NULL,
      purge_at bigint NOT NULL);
    CREATE INDEX IF NOT EXISTS ${t.results}_purge ON ${t.results} (purge_at);`,
  ];
}

/**
 * One round trip, one transaction (a multi-statement simple query): an advisory lock serializes processes
 * migrating at once, each migration above the recorded version runs, and the version is answered.
 */
function migrationScript(prefix: string, t: Tables): string {
  const steps = migrations(t)
    .map(
      (sql, index) => `DO $migrate$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM ${t.versions} WHERE component = 'stores') < ${index + 1} THEN
    ${sql}
    INSERT INTO ${t.versions} (component, version) VALUES ('stores', ${index + 1})
      ON CONFLICT (component) DO UPDATE SET version = EXCLUDED.version, migrated_at = now();
  END IF;
END $migrate$;`,
    )
    .join('\n');
  return `BEGIN;
SELECT pg_advisory_xact_lock(hashtext('armorer-store-schema:${prefix}'));
CREATE TABLE IF NOT EXISTS ${t.versions} (
  component text PRIMARY KEY, version integer NOT NULL, migrated_at timestamptz NOT NULL DEFAULT now());
${steps}
COMMIT;
SELECT version FROM ${t.versions} WHERE component = 'stores';`;
}

const ready = new WeakMap<object, Map<string, Promise<void>>>();
/** The prefixes whose migration finished, per client: their statements skip the wait. */
const migrated = new WeakMap<object, Set<string>>();

/**
 * Creates or migrates the tables once per client and prefix (on first use). A failure is not remembered:
 * the next operation tries again, so a store created while the server is down works once it is up.
 * @internal
 */
export function ensureSchema(client: PostgresQueryable, prefix: string): Promise<void> {
  let byPrefix = ready.get(client);
  if (byPrefix === undefined) {
    byPrefix = new Map();
    ready.set(client, byPrefix);
  }
  const known = byPrefix.get(prefix);
  if (known !== undefined) return known;
  const pending = migrate(client, prefix).then(
    () => {
      let done = migrated.get(client);
      if (done === undefined) {
        done = new Set();
        migrated.set(client, done);
      }
      done.add(prefix);
    },
    (error: unknown) => {
      byPrefix.delete(prefix);
      throw error;
    },
  );
  byPrefix.set(prefix, pending);
  return pending;
}

async function migrate(client: PostgresQueryable, prefix: string): Promise<void> {
  const result = await runQuery(client, migrationScript(prefix, tablesOf(prefix)));
  // pg answers an array of results for a multi-statement query; the last one holds the version.
  const results = (Array.isArray(result) ? result : [result]) as { rows?: { version?: unknown }[] }[];
  const version = Number(results.at(-1)?.rows?.[0]?.version);
  if (version > SCHEMA_VERSION) {
    throw new StoreError({
      code: 'incompatible-schema',
      message: `The ${prefix} tables are at schema version ${version}; this package knows ${SCHEMA_VERSION}. Upgrade @armorer/store-postgres.`,
    });
  }
}

/**
 * Runs one statement on the tables of `prefix`, migrating them first on the client's first use. Once the
 * migration finished, the statement goes straight to the client (no wait on a settled promise). @internal
 */
export function runStatement(
  client: PostgresQueryable,
  prefix: string,
  text: string,
  values: unknown[],
): Promise<PostgresQueryResult> {
  if (migrated.get(client)?.has(prefix) === true) return runQuery(client, text, values);
  return ensureSchema(client, prefix).then(() => runQuery(client, text, values));
}
