import { type PostgresQueryable, type PostgresQueryResult, runQuery } from '../client/postgres-client';
import { StoreError } from '../errors/store-error';
import { tablesOf } from '../schema/schema';

/** The version of the task table this package writes and reads (component `tasks` of the version table). */
export const TASK_SCHEMA_VERSION = 1;

/** The task table of a prefix. @internal */
export function taskTableOf(prefix: string): string {
  return `${prefix}tasks`;
}

/** Migration n takes the task table from version n - 1 to n. */
function migrations(t: string): readonly string[] {
  return [
    // purge_at is the task's expiresAt: the shared bounded sweep deletes rows past it.
    `CREATE TABLE IF NOT EXISTS ${t} (
      scope text NOT NULL,
      task_id text COLLATE "C" NOT NULL,
      status text NOT NULL,
      revision integer NOT NULL,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL,
      purge_at bigint NOT NULL,
      status_message text,
      progress text,
      owner text,
      lease_expires_at bigint,
      cancel_requested boolean NOT NULL DEFAULT false,
      data text NOT NULL,
      result text,
      error text,
      PRIMARY KEY (scope, task_id));
    CREATE INDEX IF NOT EXISTS ${t}_list ON ${t} (scope, created_at DESC, task_id DESC);
    CREATE INDEX IF NOT EXISTS ${t}_purge ON ${t} (purge_at);`,
  ];
}

/**
 * One round trip, one transaction: the same advisory lock as the other tables' migration (so processes
 * creating the version table at once never collide), then each task migration above the recorded version
 * of component `tasks`.
 */
function migrationScript(prefix: string): string {
  const versions = tablesOf(prefix).versions;
  const steps = migrations(taskTableOf(prefix))
    .map(
      (sql, index) => `DO $migrate$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM ${versions} WHERE component = 'tasks') < ${index + 1} THEN
    ${sql}
    INSERT INTO ${versions} (component, version) VALUES ('tasks', ${index + 1})
      ON CONFLICT (component) DO UPDATE SET version = EXCLUDED.version, migrated_at = now();
  END IF;
END $migrate$;`,
    )
    .join('\n');
  return `BEGIN;
SELECT pg_advisory_xact_lock(hashtext('armorer-store-schema:${prefix}'));
CREATE TABLE IF NOT EXISTS ${versions} (
  component text PRIMARY KEY, version integer NOT NULL, migrated_at timestamptz NOT NULL DEFAULT now());
${steps}
COMMIT;
SELECT version FROM ${versions} WHERE component = 'tasks';`;
}

const ready = new WeakMap<object, Map<string, Promise<void>>>();
const migrated = new WeakMap<object, Set<string>>();

/** Creates or migrates the task table once per client and prefix; a failure is tried again next time. @internal */
export function ensureTaskSchema(client: PostgresQueryable, prefix: string): Promise<void> {
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
  const result = await runQuery(client, migrationScript(prefix));
  const results = (Array.isArray(result) ? result : [result]) as { rows?: { version?: unknown }[] }[];
  const version = Number(results.at(-1)?.rows?.[0]?.version);
  if (version > TASK_SCHEMA_VERSION) {
    throw new StoreError({
      code: 'incompatible-schema',
      message: `The ${prefix}tasks table is at schema version ${version}; this package knows ${TASK_SCHEMA_VERSION}. Upgrade @armorer/store-postgres.`,
    });
  }
}

/** Runs one statement on the task table, creating it first on the client's first use. @internal */
export function runTaskStatement(
  client: PostgresQueryable,
  prefix: string,
  text: string,
  values: unknown[],
): Promise<PostgresQueryResult> {
  if (migrated.get(client)?.has(prefix) === true) return runQuery(client, text, values);
  return ensureTaskSchema(client, prefix).then(() => runQuery(client, text, values));
}
