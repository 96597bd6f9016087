import type { ToolErrorCategory, ToolErrorCode } from '../../errors/tool-error';
import type { RequestContext } from '../../policy/request-context';
import type { ToolOutcome } from '../types';

/** Where an execution is in its lifetime. */
export type ExecutionState =
  | 'queued'
  | 'waiting'
  | 'active'
  | 'streaming'
  | 'abort-requested'
  | 'cleanup-pending'
  | 'terminal'
  | 'unknown-effect';

/** How the cleanup of a cancelled implementation ended. */
export type CleanupStatus = 'not-needed' | 'pending' | 'completed' | 'failed' | 'unresolved';

/**
 * An immutable, tenant-neutral view of one execution. It never holds arguments, results, request
 * authority or credentials. `revision` grows monotonically across all executions of an owner.
 */
export interface ExecutionSnapshot {
  readonly version: 1;
  readonly revision: number;
  readonly executionId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly ownerId: string | undefined;
  readonly state: ExecutionState;
  /** Set while queued behind a concurrency limit. */
  readonly queue: { readonly position: number; readonly queuedAt: number } | undefined;
  /** The per-tool concurrency limit and the slots in use, when the tool has one. */
  readonly capacity: { readonly limit: number; readonly inUse: number; readonly queued: number } | undefined;
  readonly deadline: { readonly timeoutMs: number; readonly deadlineAt: number } | undefined;
  readonly activity: {
    readonly admittedAt: number;
    readonly startedAt: number | undefined;
    readonly lastActivityAt: number;
    readonly settledAt: number | undefined;
    readonly progress: { readonly percent?: number; readonly message?: string } | undefined;
    readonly chunks: number;
  };
  /** How the call ended, once it has a result (no payload: outcome and error classification only). */
  readonly result:
    | {
        readonly outcome: ToolOutcome;
        readonly errorCode: ToolErrorCode | undefined;
        readonly errorCategory: ToolErrorCategory | undefined;
      }
    | undefined;
  readonly cleanup: { readonly status: CleanupStatus; readonly error: string | undefined };
}

/** The revision context a trusted host can read next to the effective authority. */
export interface ExecutionRevisions {
  /** Changes whenever the toolbox's tools change. */
  readonly catalogRevision: number;
  readonly toolboxRevision: string | undefined;
  /** A digest of the tool's serialized definition. */
  readonly toolDefinitionRevision: string;
  readonly policyRevision: string | undefined;
  readonly approvalRevision: string | undefined;
  /** The version of the projection rules applied by `projectExecutionSnapshot`. */
  readonly redactionRevision: string;
}

/** A snapshot for trusted host code: the general snapshot plus effective authority and revisions. */
export interface PrivilegedExecutionSnapshot extends ExecutionSnapshot {
  readonly privileged: true;
  /** The request context as the tool saw it: frozen, capabilities possibly narrowed by policy. */
  readonly requestContext: RequestContext | undefined;
  readonly revisions: ExecutionRevisions;
}

/** Report returned by `shutdown()`. */
export interface ShutdownReport {
  readonly policy: 'drain' | 'abort';
  /** Executions that reached a terminal state during shutdown. */
  readonly terminal: readonly ExecutionSnapshot[];
  /** Executions whose effect cannot be confirmed: their cleanup never settled in time. */
  readonly unknownEffects: readonly ExecutionSnapshot[];
  /** Executions whose implementation failed while cleaning up after cancellation. */
  readonly cleanupFailures: readonly ExecutionSnapshot[];
}

/** Options of `shutdown()`. */
export interface ShutdownOptions {
  /** `drain` awaits admitted work; `abort` requests cancellation first. Default `drain`. */
  readonly policy?: 'drain' | 'abort';
  /**
   * How long to wait for executions (and cleanups) to settle before reporting the rest as
   * unknown-effect. Default: no limit.
   */
  readonly timeoutMs?: number;
}

/** Which executions `abort()` targets. */
export type AbortScope =
  | { readonly executionId: string }
  | { readonly callId: string }
  | { readonly ownerId: string };

/** A stable handle on one execution, from `executions.locate()`. */
export interface ExecutionHandle {
  readonly executionId: string;
  snapshot(): ExecutionSnapshot;
  privilegedSnapshot(): PrivilegedExecutionSnapshot;
  /** Requests cancellation; returns false when the execution had already ended. */
  abort(reason?: string): boolean;
}

/** Observation API of a toolbox's (or tool's) executions. */
export interface Executions {
  /** Snapshots of live and recently ended executions, oldest first. */
  inspect(filter?: {
    readonly ownerId?: string;
    readonly state?: ExecutionState;
  }): readonly ExecutionSnapshot[];
  /** Calls the listener with a fresh snapshot on every state change; returns the unsubscribe function. */
  subscribe(listener: (snapshot: ExecutionSnapshot) => void): () => void;
  /** Trusted host code only: snapshots with the effective request authority and revisions. */
  inspectPrivileged(filter?: { readonly ownerId?: string }): readonly PrivilegedExecutionSnapshot[];
  locate(executionId: string): ExecutionHandle | undefined;
}
