import { describeValue, looksLikeClient } from '../errors/describe-value';
import { misconfigured } from '../errors/misconfigured';
import { closestName } from './closest-name';

/**
 * The options every armorer store factory (`createSqliteStores`, `createRedisStores`,
 * `createPostgresStores`) takes, with the same names and defaults on every backend.
 */
export interface StoreOptions {
  /**
   * Namespace of every table or key, so several deployments share one database or server. Default
   * `armorer_` for SQL tables (lower-case letters, digits and `_`, at most 40), `armorer:` for Redis keys
   * (no braces, at most 256 characters).
   */
  readonly prefix?: string;
  /**
   * How long a resume's reservation of an approval holds (default 60 000 ms). A process that dies between
   * reserving and committing leaves the binding reserved: after the lease another resume may take it. The
   * tool still runs at most once.
   */
  readonly reservationLeaseMs?: number;
  /** How long an approval binding or a grant is kept past its expiry (default one hour). */
  readonly retainExpiredMs?: number;
  /**
   * How long an idempotency record is kept after its last write (default seven days). Past it a retry
   * with the same key runs the tool again: keep it longer than any redelivery of a task.
   */
  readonly retainResultsMs?: number;
  /**
   * The deadline of one round trip to the store (default 3000 ms): a server that does not answer in time
   * fails the operation with a retryable `timeout` StoreError instead of holding the call. SQLite: how
   * long a write waits for another process's lock (then `busy`).
   */
  readonly operationTimeoutMs?: number;
}

/** The options a store runs with, defaults applied (`stores.settings`). */
export interface StoreSettings {
  readonly prefix: string;
  readonly reservationLeaseMs: number;
  readonly retainExpiredMs: number;
  readonly retainResultsMs: number;
  readonly operationTimeoutMs: number;
}

/**
 * The defaults of {@link StoreOptions} (the prefix's depends on the backend).
 *
 * @example
 * ```ts
 * STORE_DEFAULTS.operationTimeoutMs; // 3000
 * ```
 */
export const STORE_DEFAULTS: Readonly<Omit<StoreSettings, 'prefix'>> = Object.freeze({
  reservationLeaseMs: 60_000,
  retainExpiredMs: 60 * 60 * 1000,
  retainResultsMs: 7 * 24 * 60 * 60 * 1000,
  operationTimeoutMs: 3_000,
});

/** What a store factory tells {@link resolveStoreOptions} about itself. */
export interface StoreFactorySpec {
  /** The factory's name, for messages: `createRedisStores`. */
  readonly factory: string;
  /** The option that names the backend: a `client`, or a SQLite `path`. */
  readonly connection: 'client' | 'path';
  /** How the factory is called, for messages: `createRedisStores({ client: new Redis(url) })`. */
  readonly example: string;
  readonly defaultPrefix: string;
  /** The prefixes the backend accepts, and how to say so. */
  readonly prefix: { readonly accepts: (prefix: string) => boolean; readonly rule: string };
  /** The backend's own options, beyond the connection and {@link StoreOptions}. */
  readonly extra: readonly string[];
}

/** Options of earlier releases, and what replaced them. */
const RENAMED: Readonly<Record<string, string>> = {
  keyPrefix: '"prefix"',
  tablePrefix: '"prefix"',
  retentionMs: '"retainResultsMs"',
  busyTimeoutMs: '"operationTimeoutMs"',
  approvals: '"reservationLeaseMs" and "retainExpiredMs", at the top level',
  grants: '"retainExpiredMs", at the top level',
  results: '"retainResultsMs", at the top level',
};

const COMMON = ['prefix', 'reservationLeaseMs', 'retainExpiredMs', 'retainResultsMs', 'operationTimeoutMs'];

/** Longer than any setTimeout can wait; also keeps `now + retention` a safe integer. */
const MAX_TIMEOUT_MS = 2_147_483_647;
const MAX_RETENTION_MS = 100 * 365 * 24 * 60 * 60 * 1000;

/**
 * Checks a factory's options and applies the defaults. Everything a newcomer can get wrong fails here,
 * synchronously, with a `misconfigured` StoreError that says what to write instead: no options, a
 * client (or a path) passed by itself, a missing connection, an unknown or renamed option, a number out of
 * range, a prefix the backend refuses. The connection itself is the factory's to check.
 *
 * @example
 * ```ts
 * const settings = resolveStoreOptions(spec, options); // { prefix: 'armorer:', reservationLeaseMs: 60000, ... }
 * ```
 */
export function resolveStoreOptions(spec: StoreFactorySpec, options: unknown): StoreSettings {
  const shape = `${spec.factory}({ ${spec.connection}${spec.connection === 'path' ? ": './armorer.db'" : ''} })`;
  if (typeof options !== 'object' || options === null || looksLikeClient(options)) {
    throw misconfigured(
      `${spec.factory}() takes an options object, ${shape}; it was given ${describeValue(options)}. For example: ${spec.example}.`,
    );
  }
  const record = options as Record<string, unknown>;
  const known = [spec.connection, ...COMMON, ...spec.extra];
  for (const name of Object.keys(record)) {
    if (known.includes(name)) continue;
    const renamed = Object.hasOwn(RENAMED, name) ? RENAMED[name] : undefined;
    if (renamed !== undefined) {
      throw misconfigured(`${spec.factory}() option "${name}" is now ${renamed}.`);
    }
    const near = closestName(name, known);
    throw misconfigured(
      `${spec.factory}() has no option "${name}"${near === undefined ? '' : ` (did you mean "${near}"?)`}. Its options: ${known.join(', ')}.`,
    );
  }
  if (record[spec.connection] === undefined) {
    throw misconfigured(`${spec.factory}() needs ${shape}. For example: ${spec.example}.`);
  }
  const prefix = record.prefix ?? spec.defaultPrefix;
  if (typeof prefix !== 'string' || !spec.prefix.accepts(prefix)) {
    throw misconfigured(
      `${spec.factory}() option prefix must be ${spec.prefix.rule}; it was ${describeValue(prefix)}.`,
    );
  }
  return Object.freeze({
    prefix,
    reservationLeaseMs: milliseconds(spec, record, 'reservationLeaseMs', 1, MAX_RETENTION_MS),
    retainExpiredMs: milliseconds(spec, record, 'retainExpiredMs', 0, MAX_RETENTION_MS),
    retainResultsMs: milliseconds(spec, record, 'retainResultsMs', 0, MAX_RETENTION_MS),
    operationTimeoutMs: milliseconds(spec, record, 'operationTimeoutMs', 1, MAX_TIMEOUT_MS),
  });
}

function milliseconds(
  spec: StoreFactorySpec,
  record: Record<string, unknown>,
  name: keyof typeof STORE_DEFAULTS,
  min: number,
  max: number,
): number {
  const value = record[name];
  if (value === undefined) return STORE_DEFAULTS[name];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw misconfigured(
      `${spec.factory}() option ${name} must be a number of milliseconds from ${min} to ${max}; it was ${describeValue(value)}.`,
    );
  }
  return value;
}
