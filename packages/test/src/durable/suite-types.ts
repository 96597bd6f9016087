import type { Outage } from './outage';
import type { StateAnswer } from './protocol';

/** A value or a promise of it. */
type Awaitable<T> = T | Promise<T>;

/**
 * The functions {@link defineDurableStoreProcessTests} needs from a test runner: `describe`, and `test`
 * with a per-test timeout as its third argument (`bun:test`, Vitest and Jest take it that way).
 */
export interface DurableTestApi {
  describe(name: string, body: () => void): unknown;
  test(name: string, body: () => Promise<void>, timeoutMs: number): unknown;
}

/** The scenarios of the suite that run on the store under test ({@link DurableStoreAdapter.store}). */
export type DurableScenario = 'race' | 'claim-crash' | 'reserve-crash' | 'restart';

/** What a scenario asks of the store it runs on. */
export interface DurableScenarioSettings {
  /**
   * The approval store's reservation lease (ms) the workers must open it with; set for the reserve crash
   * only. Map it to your store's option.
   */
  readonly reservationLeaseMs?: number;
}

/** A store of a scenario's own: the worker options that open it, and how to remove it after. */
export interface DurableTestStore<TOptions> {
  /** JSON options handed to your worker module's `open` in every worker process. */
  readonly storeOptions: TOptions;
  /** Called once the scenario ended, passed or failed (remove a file, drop tables, stop a server). */
  dispose?(): unknown;
}

/**
 * A store the outage scenario can take away and bring back: `begin`/`end` stop and start a server of
 * the test's own, or hold and release a lock past the store's busy timeout.
 */
export interface DurableOutageStore<TOptions> extends DurableTestStore<TOptions>, Outage {
  /** How long the first resume after `end()` is retried while a client reconnects (default 0). */
  readonly recoverMs?: number;
  /**
   * The store's error code while it is away: the reason a resume is refused with (`error.details.reason`)
   * and the `code` of the `StoreError` a direct read throws (`unavailable`, `busy`).
   */
  readonly reason: string;
  /**
   * What the approval store answers when asked directly for the binding's state during the outage.
   * Default `{ thrown: { name: 'StoreError', code: reason, retryable: true } }`, a store that cannot read
   * either; `{ state: 'issued' }` for one that still reads (SQLite readers are not blocked by a writer's
   * lock).
   */
  readonly state?: StateAnswer;
}

/**
 * How {@link defineDurableStoreProcessTests} reaches one durable store: the worker module that opens it,
 * a fresh store per scenario, and a store it can take away for the outage.
 */
export interface DurableStoreAdapter<TOptions> {
  /** Names the store in the test names (`SQLite`, `Redis`, `PostgreSQL`). */
  readonly name: string;
  /** Absolute path of your worker module: the file that calls `runDurableWorker(open)`. */
  readonly workerModule: string;
  /** Arguments before the module path, for example `['--conditions=my-source']`. */
  readonly execArgv?: readonly string[];
  /** The runtime binary of the workers (default: the one running the test). */
  readonly runtime?: string;
  /** Worker processes of the race (default 8). */
  readonly workers?: number;
  /** Rounds of the race (default 200). */
  readonly rounds?: number;
  /** A store of the scenario's own (a file, a key prefix, a table prefix). */
  store(scenario: DurableScenario, settings: DurableScenarioSettings): Awaitable<DurableTestStore<TOptions>>;
  /** A store of the outage scenario's own, which it takes away and brings back. */
  outage(): Awaitable<DurableOutageStore<TOptions>>;
  /**
   * Why the store is not reachable here (a server that is not running), or undefined when it is. The
   * scenarios on {@link store} are then not run: see {@link failWhenUnavailable}.
   */
  readonly unavailable?: string | undefined;
  /** Why {@link outage} cannot run here (a server binary that is not installed), or undefined. */
  readonly outageUnavailable?: string | undefined;
  /**
   * With a reason in `unavailable` or `outageUnavailable`: true registers a failing test saying it (under
   * CI), false prints it with `console.warn` and registers nothing (default false).
   */
  readonly failWhenUnavailable?: boolean;
}
