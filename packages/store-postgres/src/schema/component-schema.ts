import { type PostgresQueryable, type PostgresQueryResult, runQuery } from '../client/postgres-client';
import { StoreError } from '../errors/store-error';

/** One versioned part of a prefix's schema (a row of the `<prefix>schema_version` table). @internal */
export interface SchemaComponent {
  /** Its row in the version table. */
  readonly name: string;
  /** The version this package writes and reads. */
  readonly version: number;
  /** Migration n takes the component from version n - 1 to n. */
  migrations(prefix: string): readonly string[];
  /** What the refusal of a newer schema names, e.g. `The acme_ tables are`. */
  subject(prefix: string): string;
}

/** Creating, migrating and using one component's tables. @internal */
export interface ComponentSchema {
  /** Creates or migrates the tables once per client and prefix; a failure is tried again next time. */
  ensure(client: PostgresQueryable, prefix: string): Promise<void>;
  /**
   * Runs one statement on the tables of `prefix`, migrating them first on the client's first use. Once the
   * migration finished, the statement goes straight to the client (no wait on a settled promise).
   */
  run(
    client: PostgresQueryable,
    prefix: string,
    text: string,
    values: unknown[],
  ): Promise<PostgresQueryResult>;
}

/** The version table of a prefix, shared by every component. @internal */
export function versionTableOf(prefix: string): string {
  return `${prefix}schema_version`;
}

/**
 * One round trip, one transaction (a multi-statement simple query): an advisory lock per prefix serializes
 * processes migrating at once (every component takes the same one, so processes creating the version table
 * at once never collide), each migration above the component's recorded version runs, and the version is
 * answered.
 */
function migrationScript(component: SchemaComponent, prefix: string): string {
  const versions = versionTableOf(prefix);
  const name = component.name;
  const steps = component
    .migrations(prefix)
    .map(
      (sql, index) => `DO $migrate$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM ${versions} WHERE component = '${name}') < ${index + 1} THEN
    ${sql}
    INSERT INTO ${versions} (component, version) VALUES ('${name}', ${index + 1})
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
SELECT version FROM ${versions} WHERE component = '${name}';`;
}

/** The creation, migration and statements of one component. @internal */
export function componentSchema(component: SchemaComponent): ComponentSchema {
  const ready = new WeakMap<object, Map<string, Promise<void>>>();
  /** The prefixes whose migration finished, per client: their statements skip the wait. */
  const migrated = new WeakMap<object, Set<string>>();

  async function migrate(client: PostgresQueryable, prefix: string): Promise<void> {
    const result = await runQuery(client, migrationScript(component, prefix));
    // pg answers an array of results for a multi-statement query; the last one holds the version.
    const results = (Array.isArray(result) ? result : [result]) as { rows?: { version?: unknown }[] }[];
    const version = Number(results.at(-1)?.rows?.[0]?.version);
    if (version > component.version) {
      throw new StoreError({
        code: 'incompatible-schema',
        message: `${component.subject(prefix)} at schema version ${version}; this package knows ${component.version}. Upgrade @armorer/store-postgres.`,
      });
    }
  }

  function ensure(client: PostgresQueryable, prefix: string): Promise<void> {
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

  return {
    ensure,
    run(client, prefix, text, values) {
      if (migrated.get(client)?.has(prefix) === true) return runQuery(client, text, values);
      return ensure(client, prefix).then(() => runQuery(client, text, values));
    },
  };
}
