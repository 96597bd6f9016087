import type { PostgresQueryable, PostgresQueryResult } from '../client/postgres-client';
import { componentSchema, versionTableOf } from './component-schema';

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
    versions: versionTableOf(prefix),
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

const stores = componentSchema({
  name: 'stores',
  version: SCHEMA_VERSION,
  migrations: (prefix) => migrations(tablesOf(prefix)),
  subject: (prefix) => `The ${prefix} tables are`,
});

/**
 * Creates or migrates the tables once per client and prefix (on first use). A failure is not remembered:
 * the next operation tries again, so a store created while the server is down works once it is up.
 * @internal
 */
export const ensureSchema: (client: PostgresQueryable, prefix: string) => Promise<void> = stores.ensure;

/**
 * Runs one statement on the tables of `prefix`, migrating them first on the client's first use. Once the
 * migration finished, the statement goes straight to the client (no wait on a settled promise). @internal
 */
export const runStatement: (
  client: PostgresQueryable,
  prefix: string,
  text: string,
  values: unknown[],
) => Promise<PostgresQueryResult> = stores.run;
