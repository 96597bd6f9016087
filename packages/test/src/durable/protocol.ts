import type { ApprovalStateStore } from '@armorer/approval';
import type { ToolResultCache } from '@armorer/idempotency';

/**
 * What a worker module opens: the durable stores under test, named like the options they plug into (what
 * `createSqliteStores`, `createRedisStores` and `createPostgresStores` return fits as it is).
 */
export interface DurableStores {
  /** The `approvalStateStore` option of `createToolbox`. */
  readonly approvalStateStore: ApprovalStateStore;
  /** The `cache` option of `withToolboxIdempotency`. */
  readonly cache: ToolResultCache;
  /** Closes connections; called before a worker exits cleanly (never after a SIGKILL). */
  close?(): unknown;
}

/** Opens the stores in a worker process from the JSON options the test passed. */
export type OpenDurableStores<TOptions> = (options: TOptions) => DurableStores | Promise<DurableStores>;

/** How to start worker processes. */
export interface WorkerSpawnOptions {
  /** Absolute path of your worker module: the file that calls `runDurableWorker(open)`. */
  readonly workerModule: string;
  /** JSON options handed to your `open` function in every worker (a database path, a URL). */
  readonly storeOptions: unknown;
  /** The runtime binary (default: the one running the test, `process.execPath`). */
  readonly runtime?: string;
  /** Arguments before the module path, for example `['--conditions=my-source']`. */
  readonly execArgv?: readonly string[];
  /** How long one command may take before the run fails (default 30 000 ms). */
  readonly commandTimeoutMs?: number;
  /**
   * Lease of the workers' idempotent calls (`withToolboxIdempotency`'s `leaseMs`; `maxLeaseMs` is four
   * times it). Default: the wrapper's own. A short lease lets the claim crash also retry after it ran out.
   */
  readonly idempotencyLeaseMs?: number;
}

/** The environment variable carrying a worker's {@link WorkerConfig} (JSON). @internal */
export const WORKER_ENV = 'ARMORER_DURABLE_WORKER';

/** What the parent tells each worker when it spawns it. @internal */
export interface WorkerConfig {
  readonly index: number;
  readonly storeOptions: unknown;
  /** Every execution of the probe tool appends one line here: `kind<TAB>label<TAB>pid`. */
  readonly sideFile: string;
  readonly approvalSecret: string;
  readonly idempotencyLeaseMs?: number;
}

/** One command from the parent. `prepare` holds its command until `go` (the start barrier). @internal */
export type Command =
  | { readonly id: number; readonly op: 'issue'; readonly label: string }
  | { readonly id: number; readonly op: 'resume'; readonly descriptor: unknown; readonly hang?: boolean }
  | {
      readonly id: number;
      readonly op: 'execute';
      readonly key: string;
      readonly label: string;
      readonly hang?: boolean;
    }
  | {
      readonly id: number;
      readonly op: 'both';
      readonly descriptor: unknown;
      readonly key: string;
      readonly label: string;
    }
  | { readonly id: number; readonly op: 'state'; readonly descriptor: unknown }
  | { readonly id: number; readonly op: 'prepare'; readonly command: Command }
  | { readonly id: number; readonly op: 'go' }
  | { readonly id: number; readonly op: 'exit' };

/** What a resume or an execute ended with, as the parent sees it. */
export interface CallOutcome {
  /** The result's outcome (`success`, `denied`, `error`, `action_required`, ...). */
  readonly outcome: string;
  /** The error code, when there is one (`APPROVAL_INVALID`, `IDEMPOTENCY_UNKNOWN_OUTCOME`, ...). */
  readonly code?: string;
  /** `error.details.reason` of a refused resume (`already-consumed`, `already-reserved`, `busy`, ...). */
  readonly reason?: string;
  /** `result.idempotency.outcome` of an idempotent call (`fresh`, `deduped`, `unknown-outcome`, ...). */
  readonly idempotency?: string;
}

/**
 * What a worker's approval store answered when asked directly for a binding's state
 * (`approvalStateStore.state(binding)`): the state, or what it threw.
 */
export interface StateAnswer {
  /** `issued`, `reserved`, `consumed`, `revoked`, or `null` for a binding it never saw. */
  readonly state?: string | null;
  /** What the store threw instead: its `name`, and `code` and `retryable` when it carries them. */
  readonly thrown?: { readonly name: string; readonly code?: string; readonly retryable?: boolean };
}

/** A worker's line on stdout. @internal */
export type Reply =
  | { readonly ready: true; readonly pid: number }
  | { readonly entered: string }
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string };
