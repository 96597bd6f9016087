import type { ToolError } from '../errors/tool-error';
import type { ToolCall, ToolOutcome, ToolResult } from '../execution/types';
import type { PendingApproval } from '../policy/types';

/** Fields every event has. */
export interface EventBase<TType extends string, TDetail> {
  readonly type: TType;
  readonly detail: TDetail;
  /** Epoch milliseconds. */
  readonly timestamp: number;
}

/** An event fired for one specific execution: it carries the execution identity. */
export interface CallEvent<TType extends string, TDetail> extends EventBase<TType, TDetail> {
  readonly toolName: string;
  readonly callId: string;
  readonly executionId: string;
  /** The caller's `ownerId`, verbatim; `undefined` when none was supplied. */
  readonly ownerId: string | undefined;
}

/** An event fired during admission, before the execution identity exists: no `executionId`/`ownerId`. */
export interface AdmissionEvent<TType extends string, TDetail> extends EventBase<TType, TDetail> {
  readonly toolName: string;
  readonly callId: string;
}

/** Status reported by `tool.finished`. */
export type TelemetryStatus = 'success' | 'error' | 'denied' | 'cancelled' | 'action_required';

/** Per-call events, fired on the tool and bubbled to the toolbox the call went through. */
export interface ToolCallEventMap {
  'execute-start': CallEvent<'execute-start', { readonly params: unknown; readonly call: ToolCall }>;
  'validate-success': CallEvent<'validate-success', { readonly params: unknown }>;
  'validate-error': CallEvent<'validate-error', { readonly params: unknown; readonly error: ToolError }>;
  'policy-denied': CallEvent<'policy-denied', { readonly reason: string; readonly error: ToolError }>;
  'execute-success': CallEvent<'execute-success', { readonly result: unknown; readonly durationMs: number }>;
  'execute-error': CallEvent<'execute-error', { readonly error: ToolError; readonly durationMs: number }>;
  settled: CallEvent<'settled', { readonly result: ToolResult }>;
  progress: CallEvent<
    'progress',
    { readonly percent?: number; readonly message?: string; readonly checkpoint?: unknown }
  >;
  log: CallEvent<'log', unknown>;
  'status-update': CallEvent<'status-update', unknown>;
  'status:update': CallEvent<'status:update', unknown>;
  cancelled: CallEvent<'cancelled', { readonly reason: string; readonly error: ToolError }>;
  'tool.started': CallEvent<'tool.started', { readonly startedAt: number }>;
  'tool.finished': CallEvent<
    'tool.finished',
    { readonly status: TelemetryStatus; readonly startedAt: number; readonly durationMs: number }
  >;
  'stream-start': CallEvent<'stream-start', { readonly live: boolean }>;
  'stream-chunk': CallEvent<'stream-chunk', { readonly chunk: unknown; readonly index: number }>;
  'stream-end': CallEvent<'stream-end', { readonly chunks: number }>;
  'stream-error': CallEvent<'stream-error', { readonly error: ToolError; readonly chunks: number }>;
  'output-chunk': CallEvent<'output-chunk', { readonly chunk: unknown; readonly index: number }>;
}

/** Events of a tool: the per-call events plus `policy-action-required`, which never bubbles. */
export interface ToolEventMap extends ToolCallEventMap {
  'policy-action-required': CallEvent<
    'policy-action-required',
    { readonly pendingApproval: PendingApproval; readonly outcome: ToolOutcome }
  >;
}

/** Events of a toolbox. */
export interface ToolboxEventMap extends ToolCallEventMap {
  /** A call finished successfully. */
  complete: CallEvent<'complete', { readonly result: ToolResult }>;
  /**
   * A call failed. Fired with `executionId`/`ownerId` undefined when it failed during admission
   * (unknown tool, closed toolbox, unavailable tool).
   */
  error: EventBase<'error', { readonly result: ToolResult; readonly error: ToolError }> & {
    readonly toolName: string;
    readonly callId: string;
    readonly executionId: string | undefined;
    readonly ownerId: string | undefined;
  };
  call: AdmissionEvent<'call', { readonly call: ToolCall }>;
  'not-found': AdmissionEvent<
    'not-found',
    { readonly name: string; readonly suggestions: readonly string[] }
  >;
  'budget-exceeded': AdmissionEvent<'budget-exceeded', { readonly message: string }>;
  'loop-warning': AdmissionEvent<'loop-warning', { readonly message: string; readonly count: number }>;
  /**
   * Something about the toolbox's configuration deserves attention; fired once per cause. Code
   * `READ_ONLY_UNDECLARED`: a tool runs under `readOnly: true` without declaring `metadata.readOnly` or
   * `metadata.mutates` (fired at its first call heard by a `warning` listener).
   */
  warning: AdmissionEvent<'warning', { readonly code: ToolboxWarningCode; readonly message: string }>;
  'loop-blocked': AdmissionEvent<'loop-blocked', { readonly message: string; readonly count: number }>;
  'name-resolved': AdmissionEvent<
    'name-resolved',
    { readonly originalName: string; readonly resolvedName: string; readonly tier: string }
  >;
  /** A reusable approval grant authorized a call (the audit entry of the grant's use). */
  'grant.used': AdmissionEvent<
    'grant.used',
    {
      readonly grantId: string;
      readonly call: ToolCall;
      readonly principalId: string;
      readonly usesRemaining: number;
    }
  > & { readonly executionId: string };
  query: EventBase<'query', Record<string, unknown>>;
  search: EventBase<'search', Record<string, unknown>>;
}

/** Codes of the toolbox `warning` event. */
export type ToolboxWarningCode = 'READ_ONLY_UNDECLARED';

/** A listener of one event type. */
export type ToolEventListener<K extends keyof ToolEventMap> = (event: ToolEventMap[K]) => void;
/** A listener of one toolbox event type. */
export type ToolboxEventListener<K extends keyof ToolboxEventMap> = (event: ToolboxEventMap[K]) => void;
/** Removes the listener it was returned for. Calling it twice is harmless. */
export type Unsubscribe = () => void;
/** Options of `addEventListener`. */
export interface ListenerOptions {
  /** Remove the listener after its first event. */
  readonly once?: boolean;
  /** Remove the listener when this signal aborts. */
  readonly signal?: AbortSignal;
}

/** The subscription API shared by tools and toolboxes, over their event map. */
export interface EventSource<TMap> {
  addEventListener<K extends keyof TMap>(
    type: K,
    listener: (event: TMap[K]) => void,
    options?: ListenerOptions,
  ): Unsubscribe;
  removeEventListener<K extends keyof TMap>(type: K, listener: (event: TMap[K]) => void): void;
  /** Alias of `addEventListener`. */
  on<K extends keyof TMap>(
    type: K,
    listener: (event: TMap[K]) => void,
    options?: ListenerOptions,
  ): Unsubscribe;
  /** Resolves with the next event of a type. */
  once<K extends keyof TMap>(type: K, options?: { readonly signal?: AbortSignal }): Promise<TMap[K]>;
}
