import type { PostgresQueryable, PostgresQueryResult } from '../client/postgres-client';
import { componentSchema } from '../schema/component-schema';

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

const tasks = componentSchema({
  name: 'tasks',
  version: TASK_SCHEMA_VERSION,
  migrations: (prefix) => migrations(taskTableOf(prefix)),
  subject: (prefix) => `The ${prefix}tasks table is`,
});

/** Creates or migrates the task table once per client and prefix; a failure is tried again next time. @internal */
export const ensureTaskSchema: (client: PostgresQueryable, prefix: string) => Promise<void> = tasks.ensure;

/** Runs one statement on the task table, creating it first on the client's first use. @internal */
export const runTaskStatement: (
  client: PostgresQueryable,
  prefix: string,
  text: string,
  values: unknown[],
) => Promise<PostgresQueryResult> = tasks.run;
