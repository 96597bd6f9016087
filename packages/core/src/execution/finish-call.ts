import type { ToolError } from '../errors/tool-error';
import type { PendingApproval } from '../policy/types';
import type { CallState } from './call-state';
import { observeSteps } from './observe-steps';
import type { Registration } from './registration';
import type { ToolOutcome, ToolResult } from './types';

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

/**
 * The result of a call that failed before its execution identity was minted (unavailable tool). It has
 * no `executionId`/`ownerId`, and the toolbox `error` event carries them as undefined.
 */
export function admissionFailure(reg: Registration, callId: string, error: ToolError): ToolResult {
  return admissionResult(reg.owner.emitter, reg.config.name, callId, error);
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
