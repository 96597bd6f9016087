import type { ResumedToolResult, ToolExecuteOptions, ToolResult } from '@armorer/core';
import type { LegacyResolutionReceipt, ResolutionReceipt } from '../receipts/types';

/**
 * How an idempotent call was answered.
 * - `fresh`: this call executed the tool (and recorded the result when it succeeded);
 * - `deduped`: a recorded result was returned, the tool did not run;
 * - `unknown-outcome`: an earlier attempt started and recorded nothing (it may still be running, or it
 *   crashed); the tool did not run, resolve it with a receipt;
 * - `authorization-required`: a result exists but was recorded under another policy revision.
 */
export type IdempotencyOutcome = 'fresh' | 'deduped' | 'unknown-outcome' | 'authorization-required';

/** What `result.idempotency` says about a call that used the cache. */
export interface IdempotencyInfo {
  readonly outcome: IdempotencyOutcome;
  /** The cache key: tenant, full tool revision, tool name and the caller's or derived key. */
  readonly key: string;
  /** The full tool revision the key was made with (what a receipt must name). */
  readonly toolRevision: string;
  /** The attempt: the one that ran (`fresh`), recorded (`deduped`) or is unknown (`unknown-outcome`). */
  readonly attemptId?: string;
  /** Set instead of `attemptId` when the unknown attempt is a legacy marker (epoch milliseconds). */
  readonly legacyStartedAt?: number;
}

/** A tool result with what the idempotency layer did. */
export type IdempotentToolResult<TResult = unknown> = ToolResult<TResult> & {
  /** Absent when the call did not use the cache (no key, refused before it, or failed validation/policy). */
  readonly idempotency?: IdempotencyInfo;
};

/** The result of a call resumed through an idempotent toolbox, with what the idempotency layer did. */
export type IdempotentResumedToolResult<TResult = unknown> = ResumedToolResult<TResult> & {
  /** Absent when the resumed call did not use the cache (no key, or refused before it). */
  readonly idempotency?: IdempotencyInfo;
};

/** Call options of an idempotent tool or toolbox. */
export interface IdempotentExecuteOptions extends ToolExecuteOptions {
  /** The caller's key for this logical operation (a workflow's tool-call id); wins over derived keys. */
  readonly idempotencyKey?: string;
  /** Re-run an unknown fenced attempt once, with an operator's signed decision. */
  readonly resolutionReceipt?: ResolutionReceipt;
  /** Re-run an unknown legacy (unfenced) marker once, with an operator's signed decision. */
  readonly legacyResolutionReceipt?: LegacyResolutionReceipt;
}
