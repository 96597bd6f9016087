import type { ResumeState } from '../approval/resume-state';
import { describeThrown, type ToolError } from '../errors/tool-error';
import type { RequestContext } from '../policy/request-context';
import type { PendingApproval, PolicyContext } from '../policy/types';
import type { DispatchedEvent, ProgressUpdate } from '../tool/types';
import type { ExecutionInterceptor } from './interceptor';
import type { ExecutionTracker } from './lifetime/tracker';
import type { ExecutionObserver, ObservedCall } from './observer';
import type { Registration } from './registration';
import type { CleanupStatus, ExecutionState } from './snapshots/snapshot-types';
import type { ToolCall, ToolOutcome, ToolResult } from './types';

const EMPTY: Record<string, unknown> = Object.freeze({});
/** What an ended execution's call becomes once its payloads are released (see `releasePayloads`). */
const RELEASED_CALL: ToolCall = Object.freeze({ name: '', arguments: EMPTY });

/** What an interrupted wait resolves with (the call was cancelled or timed out while waiting). */
export const INTERRUPTED: unique symbol = Symbol('armorer.interrupted');

/**
 * A batch that awaits the implementations of its calls itself (one worker loop, no promise per call): the
 * pipeline hands it a call whose implementation is still running instead of a promise of the result.
 */
export interface BatchAwaiter {
  /** The call was interrupted while the batch awaited it: its result is recorded at once. */
  interrupted(state: CallState): void;
}

/** Event types a tool-level dispatch never bubbles to the toolbox. */
const NON_BUBBLING = new Set(['policy-action-required']);

/**
 * The record of one admitted execution: identity, lifecycle state for snapshots, cancellation, and
 * the event plumbing of its context. Snapshots are built from it only when someone inspects.
 */
export class CallState {
  /** The call has its result (progress and dispatch are no-ops from now on). */
  done = false;
  /** Set when the call was cancelled or timed out; the error it ends with. */
  interrupted: ToolError | undefined = undefined;
  /** Ends a pending wait early (installed while waiting on the implementation, policy or a queue). */
  interrupt: ((this: CallState, value: unknown) => void) | undefined = undefined;
  /** Settle the caller's promise (set while a call awaits its implementation). */
  resolveCall: ((result: ToolResult | Promise<ToolResult>) => void) | undefined = undefined;
  /** The batch awaiting this call's implementation in its own worker loop, and the call's slot there. */
  batch: BatchAwaiter | undefined = undefined;
  batchIndex = 0;
  /** The implementation's promise while it may still be running. */
  pending: PromiseLike<unknown> | undefined = undefined;
  phase: ExecutionState = 'active';
  /** Links of the owner's live list (see ExecutionTracker). */
  prevLive: CallState | undefined = undefined;
  nextLive: CallState | undefined = undefined;
  isLive = false;
  /** The call's result, until the execution ends and its payloads are released. */
  result: ToolResult | undefined = undefined;
  /** How the call ended, kept for snapshots after the result is released. */
  outcome: ToolOutcome | undefined = undefined;
  failure: ToolError | undefined = undefined;
  /** Validated arguments, once validation passed. */
  params: Record<string, unknown> = EMPTY;
  /** Effective request context: frozen; capabilities possibly narrowed by policy. */
  requestContext: RequestContext | undefined;
  /** Rarely needed per-call data, allocated on first use (keeps the common call small). */
  x: CallExtras | undefined = undefined;
  /** Set when this call resumes a paused approval. */
  resume: ResumeState | undefined = undefined;

  constructor(
    readonly reg: Registration,
    readonly tracker: ExecutionTracker,
    public call: ToolCall,
    readonly callId: string,
    readonly executionId: string,
    readonly ownerId: string | undefined,
    requestContext: RequestContext | undefined,
  ) {
    this.requestContext = requestContext;
    if (tracker.observing) {
      const extras = this.ext;
      extras.admittedAt = Date.now();
      extras.lastActivityAt = extras.admittedAt;
    }
    tracker.admit(this);
    // Subscribers see the execution from its admission on (the phase it starts in is `active`).
    if (tracker.observing) tracker.touch(this);
  }

  get ext(): CallExtras {
    if (this.x === undefined) this.x = new CallExtras();
    return this.x;
  }

  /** Now, when the owner's executions are observed; 0 otherwise (timestamps cost on the hot path). */
  now(): number {
    return this.tracker.observing ? Date.now() : 0;
  }

  get listening(): boolean {
    return this.reg.emitter.size !== 0 || this.reg.owner.emitter.size !== 0;
  }

  setPhase(phase: ExecutionState): void {
    this.phase = phase;
    // Revisions and timestamps only matter to observers (subscribing or inspecting starts observing).
    if (this.tracker.observing) {
      this.ext.lastActivityAt = Date.now();
      this.tracker.touch(this);
    }
  }

  /** The composed signal handed to the implementation; created on first access. */
  signal(): AbortSignal {
    if (this.ext.controller !== undefined) return this.ext.controller.signal;
    const controller = new AbortController();
    this.ext.controller = controller;
    if (this.interrupted !== undefined) {
      controller.abort(abortReason(this.interrupted));
    } else if (this.ext.callerSignal !== undefined) {
      const caller = this.ext.callerSignal;
      if (caller.aborted) controller.abort(caller.reason);
      else if (!this.done || this.phase === 'streaming') {
        const onAbort = (): void => controller.abort(caller.reason);
        caller.addEventListener('abort', onAbort, { once: true });
        this.ext.unlinkCaller = () => caller.removeEventListener('abort', onAbort);
      }
    }
    return controller.signal;
  }

  /**
   * Requests cancellation: records the error, aborts the composed signal and ends any pending wait.
   * Returns false when the execution had already ended or was already cancelled.
   */
  cancel(error: ToolError): boolean {
    if (this.interrupted !== undefined || this.phase === 'terminal' || this.phase === 'unknown-effect')
      return false;
    if (this.done && this.phase !== 'streaming') return false;
    this.interrupted = error;
    if (!this.done) this.setPhase('abort-requested');
    this.x?.controller?.abort(abortReason(error));
    this.interrupt?.(INTERRUPTED);
    this.x?.streamCancel?.();
    return true;
  }

  /** The call has its result. Decides whether the execution ends now or waits for cleanup or a stream. */
  finish(result: ToolResult, liveStream: boolean): void {
    this.done = true;
    if (this.x?.holdsSlot === true) this.releaseSlot();
    this.result = result;
    this.outcome = result.outcome;
    this.failure = result.error;
    if (this.tracker.observing) this.ext.settledAt = Date.now();
    if (liveStream && this.interrupted === undefined) {
      // The execution goes on while the consumer reads: the caller's signal and the deadline stay
      // armed (they cancel the stream) until it ends.
      this.setPhase('streaming');
      return;
    }
    this.unwire();
    const pending = this.pending;
    if (this.interrupted !== undefined && pending !== undefined) {
      this.awaitCleanup(pending);
      return;
    }
    this.end();
  }

  /**
   * An interrupted implementation is still running: the execution ends when it settles. A method of its
   * own: the closures capture `this`, and JavaScriptCore would otherwise allocate their scope on every call
   * `finish` ends.
   */
  private awaitCleanup(pending: PromiseLike<unknown>): void {
    this.ext.cleanup = 'pending';
    this.setPhase('cleanup-pending');
    pending.then(
      () => this.endCleanup('completed', undefined),
      (error: unknown) => this.endCleanup(isAbortLike(error) ? 'completed' : 'failed', error),
    );
  }

  /** A cancelled implementation keeps its slot until it settles: the limit protects a resource. */
  private releaseSlot(): void {
    this.ext.holdsSlot = false;
    const gate = this.reg.gate;
    if (gate === undefined) return;
    const pending = this.pending;
    if (this.interrupted !== undefined && pending !== undefined) {
      pending.then(
        () => gate.release(),
        () => gate.release(),
      );
    } else {
      gate.release();
    }
  }

  /** A live stream finished, failed or was closed by its consumer. */
  endStream(): void {
    if (this.phase === 'streaming' || this.phase === 'abort-requested') {
      this.end();
      this.releasePayloads();
    }
  }

  endCleanup(status: 'completed' | 'failed', error: unknown): void {
    if (this.phase !== 'cleanup-pending') return;
    this.ext.cleanup = status;
    if (status === 'failed') this.ext.cleanupError = describeThrown(error);
    this.end();
    this.releasePayloads();
  }

  /**
   * An ended execution stays in its owner's bounded history for snapshots, which read none of its
   * payloads: its arguments and result are dropped so the history never keeps them alive.
   */
  releasePayloads(): void {
    this.result = undefined;
    this.params = EMPTY;
    this.call = RELEASED_CALL;
    const extras = this.x;
    if (extras !== undefined) {
      extras.eventParams = undefined;
      extras.policyContext = undefined;
    }
  }

  /** Unwires the caller's signal and the deadline. */
  unwire(): void {
    const extras = this.x;
    if (extras === undefined) return;
    if (extras.disarm !== undefined) {
      extras.disarm();
      extras.disarm = undefined;
    }
    if (this.x?.unlinkCaller !== undefined) {
      this.x.unlinkCaller();
      this.x.unlinkCaller = undefined;
    }
  }

  private end(): void {
    this.unwire();
    this.setPhase('terminal');
    this.tracker.retire(this);
  }

  emit(type: string, detail: unknown): void {
    const reg = this.reg;
    const event = {
      type,
      detail,
      timestamp: Date.now(),
      toolName: reg.config.name,
      callId: this.callId,
      executionId: this.executionId,
      ownerId: this.ownerId,
    };
    reg.emitter.emit(type, event);
    if (reg.owner.emitter !== reg.emitter && !NON_BUBBLING.has(type)) reg.owner.emitter.emit(type, event);
  }

  dispatch(event: DispatchedEvent): void {
    if (this.done || typeof event !== 'object' || event === null || typeof event.type !== 'string') return;
    if (event.type === 'progress') {
      this.progress((event.detail ?? {}) as ProgressUpdate);
      return;
    }
    if (this.tracker.observing) this.ext.lastActivityAt = Date.now();
    if (this.listening) this.emit(event.type, event.detail);
  }

  progress(update: ProgressUpdate): void {
    if (this.done) return;
    const detail: { percent?: number; message?: string; checkpoint?: unknown } = {};
    if (typeof update?.percent === 'number') detail.percent = update.percent;
    if (typeof update?.message === 'string') detail.message = update.message;
    if (update?.checkpoint !== undefined) detail.checkpoint = update.checkpoint;
    const seen: { percent?: number; message?: string } = {};
    if (detail.percent !== undefined) seen.percent = detail.percent;
    if (detail.message !== undefined) seen.message = detail.message;
    this.ext.progressSeen = seen;
    this.ext.lastActivityAt = this.now();
    // Progress is a change subscribers see (a new revision), like a phase change.
    if (this.tracker.observing) this.tracker.touch(this);
    if (this.listening) this.emit('progress', detail);
  }
}

function abortReason(error: ToolError): Error {
  const reason = new Error(error.message);
  reason.name = error.code === 'TIMEOUT' ? 'TimeoutError' : 'AbortError';
  return reason;
}

function isAbortLike(error: unknown): boolean {
  try {
    return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
  } catch {
    return false;
  }
}

/**
 * The rarely needed part of a call's record. Fields without a default are only declared: they read as
 * undefined until set, and an initializer per field would cost bytes in every bundle for no behaviour.
 */
export class CallExtras {
  /** The caller's signal, when the call has one. */
  declare callerSignal: AbortSignal | undefined;
  /** Revision of the last state change (kept once the owner's executions are observed). */
  revision = 0;
  /** The call asked for a live stream. */
  wantsStream = false;
  /** Stands in front of the implementation when the call's options carry one (armorer/idempotency). */
  declare interceptor: ExecutionInterceptor | undefined;
  /** Unwires the caller's signal and the deadline (set when the call has either). */
  declare disarm: (() => void) | undefined;
  /** The call holds a slot of its tool's concurrency gate. */
  holdsSlot = false;
  admittedAt = 0;
  declare startedAt: number | undefined;
  lastActivityAt = 0;
  declare settledAt: number | undefined;
  declare queuedAt: number | undefined;
  declare deadline: { readonly timeoutMs: number; readonly deadlineAt: number } | undefined;
  declare progressSeen: { percent?: number; message?: string } | undefined;
  chunks = 0;
  cleanup: CleanupStatus = 'not-needed';
  declare cleanupError: string | undefined;
  /** When the first event was emitted (0 when nobody listened), for `durationMs`. */
  eventStartedAt = 0;
  /** The arguments as parsed (or as received when they did not parse), for events. */
  declare eventParams: unknown;
  declare pendingApproval: PendingApproval | undefined;
  declare policyContext: PolicyContext | undefined;
  declare controller: AbortController | undefined;
  declare unlinkCaller: (() => void) | undefined;
  /** Set by a live stream so cancellation can close it. */
  declare streamCancel: (() => void) | undefined;
  /** The toolbox observer watching this call (tracing), its token, and what it was told at the start. */
  declare observer: ExecutionObserver | undefined;
  declare observation: unknown;
  declare observed: ObservedCall | undefined;
  /** The host's request context before a policy narrowed it: what an approval binding is signed over. */
  declare hostRequestContext: RequestContext | undefined;
}
