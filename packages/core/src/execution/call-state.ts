import type { ToolError } from '../errors/tool-error';
import type { RequestContext } from '../policy/request-context';
import type { DispatchedEvent, ProgressUpdate, ToolMetadata } from '../tool/types';
import type { Registration } from './registration';

/** Event types a tool-level dispatch never bubbles to the toolbox. */
const NON_BUBBLING = new Set(['policy-action-required']);

/**
 * The internal state of one admitted execution. Created only when something needs it (a context
 * object, listeners, cancellation or streaming), so the plainest calls allocate nothing here.
 */
export class CallState {
  done = false;
  /** Set when the call was cancelled or timed out; the error it ends with. */
  interrupted: ToolError | undefined = undefined;
  /** Ends a pending wait on the implementation early (installed while waiting). */
  interrupt: ((error: ToolError) => void) | undefined = undefined;
  #controller: AbortController | undefined = undefined;
  #unlinkCaller: (() => void) | undefined = undefined;

  constructor(
    readonly reg: Registration,
    readonly callId: string,
    readonly executionId: string,
    readonly ownerId: string | undefined,
    readonly requestContext: RequestContext | undefined,
    readonly callerSignal: AbortSignal | undefined,
  ) {}

  get listening(): boolean {
    return this.reg.emitter.size !== 0 || this.reg.owner.emitter.size !== 0;
  }

  /** The composed signal handed to the implementation; created on first access. */
  signal(): AbortSignal {
    if (this.#controller !== undefined) return this.#controller.signal;
    const controller = new AbortController();
    this.#controller = controller;
    if (this.interrupted !== undefined) {
      controller.abort(abortReason(this.interrupted));
    } else if (this.callerSignal !== undefined) {
      const caller = this.callerSignal;
      if (caller.aborted) controller.abort(caller.reason);
      else if (!this.done) {
        const onAbort = (): void => controller.abort(caller.reason);
        caller.addEventListener('abort', onAbort, { once: true });
        this.#unlinkCaller = () => caller.removeEventListener('abort', onAbort);
      }
    }
    return controller.signal;
  }

  /** Records a cancellation or timeout, aborts the composed signal and ends any pending wait. */
  cancel(error: ToolError): void {
    if (this.interrupted !== undefined || this.done) return;
    this.interrupted = error;
    this.#controller?.abort(abortReason(error));
    this.interrupt?.(error);
  }

  /** Marks the call ended: progress and dispatch become no-ops and the caller's signal is released. */
  finish(): void {
    this.done = true;
    this.#unlinkCaller?.();
    this.#unlinkCaller = undefined;
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
    if (this.listening) this.emit(event.type, event.detail);
  }

  progress(update: ProgressUpdate): void {
    if (this.done || !this.listening) return;
    const detail: { percent?: number; message?: string; checkpoint?: unknown } = {};
    if (update?.percent !== undefined) detail.percent = update.percent;
    if (update?.message !== undefined) detail.message = update.message;
    if (update?.checkpoint !== undefined) detail.checkpoint = update.checkpoint;
    this.emit('progress', detail);
  }
}

function abortReason(error: ToolError): Error {
  const reason = new Error(error.message);
  reason.name = error.code === 'TIMEOUT' ? 'TimeoutError' : 'AbortError';
  return reason;
}

/**
 * The second argument of an implementation. Per-call fields are own properties; `signal`, `dispatch`
 * and `progress` are getters so destructuring works and nothing is allocated unless it is used.
 */
export class ToolCallContextImpl {
  readonly toolName: string;
  readonly callId: string;
  readonly executionId: string;
  readonly ownerId: string | undefined;
  readonly requestContext: RequestContext | undefined;
  readonly metadata: ToolMetadata | undefined;
  readonly #state: CallState;

  constructor(state: CallState) {
    this.#state = state;
    this.toolName = state.reg.config.name;
    this.callId = state.callId;
    this.executionId = state.executionId;
    this.ownerId = state.ownerId;
    this.requestContext = state.requestContext;
    this.metadata = state.reg.config.metadata;
  }

  get signal(): AbortSignal {
    return this.#state.signal();
  }

  get dispatch(): (event: DispatchedEvent) => void {
    const state = this.#state;
    return (event) => state.dispatch(event);
  }

  get progress(): (update: ProgressUpdate) => void {
    const state = this.#state;
    return (update) => state.progress(update);
  }
}
