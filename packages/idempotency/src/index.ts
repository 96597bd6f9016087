/**
 * @armorer/idempotency (`armorer/idempotency`): exactly-once side effects for at-least-once executors.
 * A retried call with the same key runs its tool once; later calls get the recorded result, and an
 * attempt that started and recorded nothing is answered honestly as `unknown-outcome` until an operator's
 * signed receipt resolves it. Also the contract of durable long-running calls, `TaskStateStore` (MCP
 * tasks), with its process-local implementation.
 *
 * @example
 * ```ts
 * import { createToolbox } from 'armorer';
 * import { createToolResultCache, withToolboxIdempotency } from 'armorer/idempotency';
 *
 * const cache = createToolResultCache({ store: new Map() });
 * const toolbox = withToolboxIdempotency(createToolbox([chargeCard]), { cache, tenantId: 'tenant-1' });
 * const requestContext = { authority: { tenantId: 'tenant-1', principalId: 'user-1' } };
 * const call = { id: 'call-1', name: 'charge-card', arguments: { cents: 2500 } };
 * await toolbox.execute(call, { idempotencyKey: 'run-7/charge', requestContext }); // fresh
 * await toolbox.execute(call, { idempotencyKey: 'run-7/charge', requestContext }); // deduped
 * ```
 *
 * @module
 */

export { getToolRevision } from '@armorer/core';
export type { ToolResultCacheOptions } from './cache/create-tool-result-cache';
export { createToolResultCache } from './cache/create-tool-result-cache';
export {
  checkCacheKey,
  checkCompletedEntry,
  checkStartedEntry,
  checkTime,
  checkUtf8CacheKey,
  parseStoredEntry,
} from './cache/stored-entries';
export type {
  ClaimResult,
  CompletedEntry,
  LegacyStartedEntry,
  MaybePromise,
  StartedEntry,
  ToolResultCache,
  ToolResultCacheEntry,
  ToolResultKeyValueStore,
} from './cache/types';
export type { IdempotencyOptions } from './execution/options';
export type {
  IdempotencyInfo,
  IdempotencyOutcome,
  IdempotentExecuteOptions,
  IdempotentResumedToolResult,
  IdempotentToolResult,
} from './execution/types';
export type { IdempotentTool } from './execution/with-idempotency';
export { withIdempotency } from './execution/with-idempotency';
export type { IdempotentToolbox, ToolboxIdempotencyOptions } from './execution/with-toolbox-idempotency';
export { withToolboxIdempotency } from './execution/with-toolbox-idempotency';
export type { IdempotencyKeyErrorCode } from './keys/canonical';
export { canonicalJson, IdempotencyKeyError } from './keys/canonical';
export type { IdempotencyKeyFunction } from './keys/key-functions';
export { compositeKey, fieldKey, fullInputKey, namespacedKey } from './keys/key-functions';
export type { LegacyResolutionReceipt, ReceiptVerifier, ResolutionReceipt } from './receipts/types';
export {
  checkTaskListOptions,
  decodeTaskCursor,
  encodeTaskCursor,
  isAfterTaskCursor,
} from './tasks/list-cursor';
export type { ProcessLocalTaskStateStoreOptions } from './tasks/process-local-task-state-store';
export { createProcessLocalTaskStateStore } from './tasks/process-local-task-state-store';
export type { StoredTask, StoredTaskChange } from './tasks/records';
export {
  checkTaskKey,
  checkTaskOwner,
  checkTaskTime,
  encodeTaskChange,
  encodeTaskProgress,
  encodeTaskRecord,
  isTaskId,
  isTerminalTaskStatus,
  taskScopeKey,
} from './tasks/records';
export { decodeStoredTask } from './tasks/stored-task';
export type {
  TaskChange,
  TaskJson,
  TaskKey,
  TaskLeaseRenewal,
  TaskListOptions,
  TaskPage,
  TaskProgress,
  TaskRecord,
  TaskScope,
  TaskStateStore,
  TaskStatus,
  TaskTransition,
} from './tasks/types';
export { MAX_TASK_PAGE, MAX_TASK_RECORD_BYTES } from './tasks/types';
