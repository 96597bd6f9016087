import type { Toolbox } from '@armorer/core';
import type { AISDKApprovalStore, AISDKPendingCall } from '../types';

/** Options of {@link createProcessLocalAISDKApprovalStore}. */
export interface ProcessLocalAISDKApprovalStoreOptions {
  /** The most paused calls kept; the oldest is dropped past it (default 1000). */
  readonly maxEntries?: number;
}

/** The process-local store: synchronous. */
export interface ProcessLocalAISDKApprovalStore extends AISDKApprovalStore {
  get(toolCallId: string): AISDKPendingCall | undefined;
  set(call: AISDKPendingCall): void;
}

/**
 * A process-local {@link AISDKApprovalStore}: paused calls wait in memory, the oldest dropped past
 * `maxEntries`, so calls nobody answers never grow it without bound. A call dropped (or lost with the
 * process) cannot be resumed: the person's approval then fails closed and the tool does not run.
 *
 * @example
 * ```ts
 * const tools = toAISDKTools(toolbox, { approvalStore: createProcessLocalAISDKApprovalStore({ maxEntries: 100 }) });
 * ```
 */
export function createProcessLocalAISDKApprovalStore(
  options: ProcessLocalAISDKApprovalStoreOptions = {},
): ProcessLocalAISDKApprovalStore {
  const max = options.maxEntries ?? 1000;
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError('createProcessLocalAISDKApprovalStore(): maxEntries must be a positive integer.');
  }
  const calls = new Map<string, AISDKPendingCall>();
  return {
    get: (toolCallId) => calls.get(toolCallId),
    set(call) {
      calls.delete(call.toolCallId);
      calls.set(call.toolCallId, call);
      if (calls.size > max) {
        const oldest = calls.keys().next();
        if (oldest.done !== true) calls.delete(oldest.value);
      }
    },
  };
}

const defaults = new WeakMap<Toolbox, AISDKApprovalStore>();

/** The toolbox's default store: one per toolbox, so tool sets made per request share it. */
export function defaultApprovalStore(toolbox: Toolbox): AISDKApprovalStore {
  let store = defaults.get(toolbox);
  if (store === undefined) {
    store = createProcessLocalAISDKApprovalStore();
    defaults.set(toolbox, store);
  }
  return store;
}
