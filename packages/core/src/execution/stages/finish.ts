import { later } from '../../chunks/later';
import { describeThrown, type ToolError, toolErrorOf } from '../../errors/tool-error';
import type { PendingApproval } from '../../policy/types';
import type { CallState } from '../call-state';
import { cancelledError } from '../lifetime/cancellation';
import { observeSteps } from '../observe-steps';
import type { ToolOutcome, ToolResult } from '../types';

/*
 * The end of every call. Whatever stage ends a call (a refusal at admission, invalid arguments, a policy
 * denial, a cancellation, the implementation's outcome) ends it here: its `ToolResult` is built, the
 * execution is marked done (its lifetime ends or waits for a stream or a cleanup), the observer is told,
 * and the terminal events fire. A failure is described by `./failures`, a chunk loaded with the first
 * failure: a call that succeeds never needs its wording.
 */
/** The event that describes how the pipeline stage ended, fired before `settled`. */
export type StageEvent =
  | 'execute-success'
  | 'execute-error'
  | 'validate-error'
  | 'policy-denied'
  | 'cancelled';

/** Builds a result. Keys are always present in the same order so every result shares one shape. */
export function createResult(
  toolName: string,
  callId: string,
  outcome: ToolOutcome,
  result: unknown,
  error: ToolError | undefined,
  executionId: string | undefined,
  ownerId: string | undefined,
): ToolResult {
  return {
    callId,
    toolCallId: callId,
    toolName,
    outcome,
    result,
    content: error === undefined ? result : error.message,
    error,
    executionId,
    ownerId,
  };
}

/** Ends an admitted call: marks it done, builds its result and fires the terminal events. */
export function finishCall(
  state: CallState,
  outcome: ToolOutcome,
  value: unknown,
  error: ToolError | undefined,
  stageEvent?: StageEvent,
  stream?: AsyncIterable<unknown>,
): ToolResult {
  const toolName = state.reg.config.name;
  const result = createResult(
    toolName,
    state.callId,
    outcome,
    value,
    error,
    state.executionId,
    state.ownerId,
  );
  const pendingApproval = state.x?.pendingApproval;
  if (pendingApproval !== undefined)
    (result as { pendingApproval?: PendingApproval }).pendingApproval = pendingApproval;
  if (stream !== undefined) (result as { stream?: AsyncIterable<unknown> }).stream = stream;
  // A resumed call's result says whether a person changed the arguments (see resumeApproval).
  const resume = state.resume;
  if (resume !== undefined)
    (result as { executedArgumentsEdited?: boolean }).executedArgumentsEdited = resume.policyView.edited;
  // The interceptor's satellite (idempotency) adds its fields before anyone sees the result.
  const onResult = state.x?.interceptor?.onResult;
  if (onResult !== undefined) onResult(result);
  state.finish(result, stream !== undefined);
  if (state.x?.observer !== undefined) observeSteps?.observeEnd(state, result);
  if (state.listening) emitTerminal(state, result, stageEvent);
  // Ended (not streaming, not awaiting cleanup): the history keeps the record, not its payloads.
  if (!state.isLive) state.releasePayloads();
  return result;
}

function emitTerminal(state: CallState, result: ToolResult, stageEvent: StageEvent | undefined): void {
  const durationMs = state.ext.eventStartedAt === 0 ? 0 : Date.now() - state.ext.eventStartedAt;
  const error = result.error;
  switch (stageEvent) {
    case 'execute-success':
      state.emit('execute-success', { result: result.result, durationMs });
      break;
    case 'execute-error':
      state.emit('execute-error', { error, durationMs });
      break;
    case 'validate-error':
      state.emit('validate-error', { params: state.ext.eventParams, error });
      break;
    case 'policy-denied':
      state.emit('policy-denied', { reason: error?.details?.reason ?? error?.message ?? '', error });
      break;
    case 'cancelled':
      state.emit('cancelled', { reason: error?.details?.reason ?? error?.message ?? '', error });
      break;
    default:
      break;
  }
  if (result.outcome === 'action_required' && result.pendingApproval !== undefined) {
    state.emit('policy-action-required', {
      pendingApproval: result.pendingApproval,
      outcome: result.outcome,
    });
  }
  if (state.reg.telemetry) {
    state.emit('tool.finished', { status: result.outcome, startedAt: state.ext.eventStartedAt, durationMs });
  }
  state.emit('settled', { result });
  const owner = state.reg.owner;
  if (owner.emitter === state.reg.emitter) return;
  if (result.outcome === 'success') {
    owner.emitter.emit('complete', toolboxEvent('complete', { result }, result));
  } else if (result.outcome !== 'action_required' && error !== undefined) {
    owner.emitter.emit('error', toolboxEvent('error', { result, error }, result));
  }
}

function toolboxEvent(type: string, detail: unknown, result: ToolResult): unknown {
  return {
    type,
    detail,
    timestamp: Date.now(),
    toolName: result.toolName,
    callId: result.callId,
    executionId: result.executionId,
    ownerId: result.ownerId,
  };
}

/** Builds an admission-failure result and fires the toolbox `error` event for it. */
export function admissionResult(
  emitter: { readonly size: number; emit(type: string, event: unknown): void },
  toolName: string,
  callId: string,
  error: ToolError,
): ToolResult {
  const result = createResult(toolName, callId, 'error', undefined, error, undefined, undefined);
  if (emitter.size !== 0) emitter.emit('error', toolboxEvent('error', { result, error }, result));
  return result;
}

/** Ends a cancelled or timed-out call (timeouts are errors, cancellations are `cancelled`). */
export function interrupted(state: CallState, partial?: unknown[]): ToolResult {
  const error = state.interrupted ?? cancelledError(state.reg.config.name, undefined);
  return finishCall(state, error.code === 'TIMEOUT' ? 'error' : 'cancelled', partial, error, 'cancelled');
}

type Failures = typeof import('./failures');
type Descriptions = Failures['descriptions'];

/** The failure descriptions (`./failures`), loaded with the first call that fails. */
export const failures = /* @__PURE__ */ later(() => import('./failures'));

/**
 * A failure, by the name of its description in `./failures`; the values it is described with follow the
 * name as arguments. Callers never pass an arrow function over their own locals: a closure in a pipeline
 * function makes JavaScriptCore keep the locals it captures in a scope object that is allocated on every
 * call, failing or not (a batch of 10,000 calls ran 25-40% slower that way).
 */
export type FailureName = keyof Descriptions;

/**
 * Builds a failure's error with its description, loading the descriptions on first use: synchronously once
 * loaded, after the load the first time. When they cannot load (a browser that lost its connection), the
 * call still ends, with LAZY_LOAD_FAILED.
 */
function describeWith<K extends FailureName, T>(
  toolName: string,
  name: K,
  args: Parameters<Descriptions[K]>,
  end: (error: ToolError) => T,
): T | Promise<T> {
  const describe = (loaded: Failures): ToolError =>
    (loaded.descriptions[name] as (...values: unknown[]) => ToolError)(...args);
  const loaded = failures.module;
  if (loaded !== undefined) return end(describe(loaded));
  return failures.load().then(
    (module) => end(describe(module)),
    (error: unknown) => {
      const message = `Tool "${toolName}" failed, and the description of the failure did not load (${describeThrown(error)}).`;
      return end(toolErrorOf('LAZY_LOAD_FAILED', 'execution', true, message));
    },
  );
}

/** Ends an admitted call with the error its named description builds (`outcome` `denied` for a policy denial). */
export function failWith<K extends FailureName>(
  state: CallState,
  stage: StageEvent,
  outcome: 'error' | 'denied',
  name: K,
  ...args: Parameters<Descriptions[K]>
): ToolResult | Promise<ToolResult> {
  return describeWith(state.reg.config.name, name, args, (error) =>
    finishCall(state, outcome, undefined, error, stage),
  );
}

/** Ends a call whose implementation (or the pipeline around it) threw. */
export function failedWith(state: CallState, thrown: unknown): ToolResult | Promise<ToolResult> {
  return failWith(state, 'execute-error', 'error', 'thrown', state.reg.config.name, thrown);
}

/**
 * Refuses a call before its execution exists (an unreadable call, a closed owner, an unavailable tool):
 * the result carries no `executionId`, and the owner's `error` event fires for it.
 */
export function refuse<K extends FailureName>(
  emitter: Parameters<typeof admissionResult>[0],
  toolName: string,
  callId: string,
  name: K,
  ...args: Parameters<Descriptions[K]>
): ToolResult | Promise<ToolResult> {
  return describeWith(toolName, name, args, (error) => admissionResult(emitter, toolName, callId, error));
}
