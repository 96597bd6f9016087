/**
 * The schema, as an ordered list of migrations. A file records the version it reached in
 * `armorer_schema_version`; opening it applies the missing migrations in one transaction. To change the
 * schema, append a migration (never edit a released one), for example:
 *
 * ```ts
 * { version: 2, statements: ['ALTER TABLE armorer_results ADD COLUMN tenant_id TEXT'] },
 * ```
 *
 * Every table is prefixed `armorer_`, so the file can be shared with the host's own tables. Strings a
 * caller chose (keys, ids, attempt ids) are stored as their JSON text (see `encodeText`), which keeps NUL
 * characters and lone surrogates byte-exact through both drivers.
 */
export interface Migration {
  readonly version: number;
  readonly statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE armorer_approvals (
        key TEXT PRIMARY KEY NOT NULL,
        signature TEXT NOT NULL,
        state TEXT NOT NULL,
        reserved_at INTEGER,
        reclaim_at INTEGER NOT NULL
      )`,
      'CREATE INDEX armorer_approvals_reclaim ON armorer_approvals (reclaim_at)',
      `CREATE TABLE armorer_grants (
        id TEXT PRIMARY KEY NOT NULL,
        principal_id TEXT NOT NULL,
        tenant_id TEXT,
        tool_name TEXT NOT NULL,
        revoked INTEGER NOT NULL,
        uses_remaining INTEGER NOT NULL,
        body TEXT NOT NULL,
        reclaim_at INTEGER NOT NULL
      )`,
      // A grant lookup (tenant or none, principal, tool) reads only the grants that can match, through
      // either index; a listing by tenant or by principal alone through the one that starts with it.
      'CREATE INDEX armorer_grants_principal ON armorer_grants (principal_id, tool_name, tenant_id)',
      'CREATE INDEX armorer_grants_lookup ON armorer_grants (tenant_id, principal_id, tool_name)',
      'CREATE INDEX armorer_grants_reclaim ON armorer_grants (reclaim_at)',
      `CREATE TABLE armorer_results (
        key TEXT PRIMARY KEY NOT NULL,
        state TEXT NOT NULL,
        attempt_id TEXT,
        started_at INTEGER,
        lease_expires_at INTEGER,
        body TEXT NOT NULL,
        reclaim_at INTEGER NOT NULL
      )`,
      'CREATE INDEX armorer_results_reclaim ON armorer_results (reclaim_at)',
    ],
  },
];

/** The version a file reaches once every migration ran. */
export const SCHEMA_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/** The tables the bounded expiry sweep visits. */
export const SWEPT_TABLES = ['armorer_approvals', 'armorer_grants', 'armorer_results'] as const;

/** A caller's string as stored: its JSON text (no NUL, no lone surrogate, reversible). */
export function encodeText(value: string): string {
  return JSON.stringify(value);
}

/**
 * When the sweep may delete a row: `retainMs` after the later of `time` (an expiry, a lease deadline, a
 * completion) and the store's clock at the write, so a row lives at least `retainMs` whatever clock
 * wrote `time`. `Infinity` (or an overflow) is the largest safe integer: never.
 */
export function reclaimAt(time: number, now: number, retainMs: number): number {
  const at = Math.max(time, now) + retainMs;
  return Number.isFinite(at) ? Math.min(Math.trunc(at), Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
}
