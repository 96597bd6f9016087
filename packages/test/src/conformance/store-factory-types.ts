import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import type { ToolResultCache } from '@armorer/idempotency';
import type { Awaitable } from './harness';

/** What a store factory returns (`createSqliteStores`, `createRedisStores`, `createPostgresStores`). */
export interface ConformingStores {
  readonly approvalStateStore: ApprovalStateStore;
  readonly grantStateStore: GrantStateStore;
  readonly cache: ToolResultCache;
  /** The options in effect, defaults applied. */
  readonly settings: {
    readonly prefix: string;
    readonly reservationLeaseMs: number;
    readonly retainExpiredMs: number;
    readonly retainResultsMs: number;
    readonly operationTimeoutMs: number;
  };
  ready(): Promise<void>;
  close(): void;
}

/** Stores the suite takes apart after a case, and how to clean up after them. */
export interface DisposableStores {
  readonly stores: ConformingStores;
  dispose?(): Awaitable<unknown>;
}

/** How {@link storeFactoryConformance} reaches a store factory and its backend. */
export interface StoreFactoryAdapter {
  /** The `describe` block's name. */
  readonly name: string;
  /** Calls the factory with whatever it is given (the misuse cases pass what a newcomer would). */
  factory(options: unknown): ConformingStores;
  /** The option that names the backend (`client`, or `path`), and a value on the real backend. */
  readonly connection: { readonly name: 'client' | 'path'; value(): unknown };
  /** A prefix of the suite's own: every store it writes to uses it. */
  readonly prefix: string;
  /** The factory's default prefix (`armorer:` for Redis keys, `armorer_` for tables). */
  readonly defaultPrefix: string;
  /**
   * Values of the connection option of the wrong kind (another backend's client, a URL): each must be
   * refused with a `misconfigured` StoreError whose message contains `mentions`.
   */
  readonly wrongConnections: readonly (readonly [label: string, value: unknown, mentions: string])[];
  /**
   * Stores (made with `options` merged in) whose backend takes every write but never answers it in time:
   * a listener that accepts connections and stays silent, another process holding the lock.
   */
  stalled?(options: Readonly<Record<string, unknown>>): Awaitable<DisposableStores>;
  /** Stores (made with `options` merged in) on a backend that is not there: nothing listens. */
  unreachable?(options: Readonly<Record<string, unknown>>): Awaitable<DisposableStores>;
}
