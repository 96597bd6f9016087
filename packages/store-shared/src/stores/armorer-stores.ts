import type { ApprovalStateStore, GrantStateStore } from '@armorer/approval';
import type { TaskStateStore, ToolResultCache } from '@armorer/idempotency';
import type { StoreSettings } from '../options/store-options';

/**
 * What every armorer store factory (`createSqliteStores`, `createRedisStores`, `createPostgresStores`)
 * returns. The stores are named like the options they plug into, so the result spreads into both:
 * `createToolbox(tools, { ...stores, approvalSecret })` takes `approvalStateStore` and `grantStateStore`,
 * `withToolboxIdempotency(toolbox, { ...stores, tenantId })` takes `cache`, and
 * `createMCP(toolbox, { ...stores })` takes `taskStateStore` (and `cache`); each ignores the rest.
 *
 * @example
 * ```ts
 * const stores = createSqliteStores({ path: './armorer.db' });
 * const toolbox = createToolbox(tools, { ...stores, approvalSecret });
 * const idempotent = withToolboxIdempotency(toolbox, { ...stores, tenantId: 'tenant-1' });
 * ```
 */
export interface ArmorerStores<TCache extends ToolResultCache = ToolResultCache> {
  /** Approval bindings: the `approvalStateStore` option of `createToolbox`. */
  readonly approvalStateStore: ApprovalStateStore;
  /** Reusable grants: the `grantStateStore` option of `createToolbox`. */
  readonly grantStateStore: GrantStateStore;
  /** Idempotency records: the `cache` option of `withToolboxIdempotency` and `withIdempotency`. */
  readonly cache: TCache;
  /** Long-running calls (MCP tasks): the `taskStateStore` option of `createMCP`. */
  readonly taskStateStore: TaskStateStore;
  /** The options the stores run with, defaults applied. */
  readonly settings: StoreSettings;
  /**
   * Resolves once the stores can serve: the connection answered and the schema is in place (what the
   * first operation checks by itself). Rejects with the `StoreError` that operation would throw; call it
   * at start-up to fail early.
   */
  ready(): Promise<void>;
  /**
   * Closes the stores: every later operation fails with a `closed` StoreError (not retryable). SQLite
   * closes its file; the Redis and PostgreSQL stores leave your client open. Idempotent.
   */
  close(): void;
}
