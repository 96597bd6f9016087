import type { ResumeState } from '../../approval/resume-state';
import { freezeRequestContext, type RequestContext } from '../../policy/request-context';
import { type BatchAwaiter, CallState } from '../call-state';
import { nextExecutionId } from '../ids';
import { type ExecutionInterceptor, interceptorOf } from '../interceptor';
import { observeSteps } from '../observe-steps';
import type { Registration } from '../registration';
import type { ToolCall, ToolExecuteOptions } from '../types';
import { failedWith, refuse } from './finish';
import type { StartedCall } from './run';
import { validate } from './validation';

/*
 * 2. Identity: an admitted call becomes an execution. What the host built (the options, the call's
 * arguments) is read once, here: a throwing getter or Proxy trap refuses the call as INVALID_TOOL_CALL, never
 * a synchronous throw or an execution that never settles. Then the execution id is minted, the request
 * context is frozen (authority cannot change after this point) and the execution joins its owner's live
 * set: from here on `executions` sees it, shutdown cancels it, and it settles exactly once. The caller's
 * signal and the deadline are armed once the arguments are valid (see `./policy`); the owner's shutdown
 * reaches the execution through its tracker.
 *
 * A call enters with how it was started: `resume`, the approval a person answered (a resumed call); `batch`,
 * the batch that awaits the implementation itself (a batch's call).
 */
export function identify(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
  resume: ResumeState | undefined,
  batch: BatchAwaiter | undefined,
): StartedCall {
  const toolName = reg.config.name;
  let requestContext: RequestContext | undefined;
  let ownerId: string | undefined;
  let signal: AbortSignal | undefined;
  let timeout: number | undefined;
  let stream = false;
  let raw: unknown;
  let interceptor: ExecutionInterceptor | undefined;
  try {
    if (options !== undefined) {
      if (options.requestContext !== undefined) requestContext = freezeRequestContext(options.requestContext);
      ownerId = options.ownerId ?? requestContext?.authority?.ownerId;
      signal = options.signal;
      timeout = options.timeout;
      stream = options.stream === true;
      interceptor = interceptorOf(options);
      if (signal !== undefined && !isAbortSignal(signal)) {
        return refuse(reg.owner.emitter, toolName, callId, 'invalidSignal');
      }
    }
    raw = call.arguments;
  } catch (error) {
    return refuse(reg.owner.emitter, toolName, callId, 'unreadableOptions', error);
  }
  const state = new CallState(
    reg,
    reg.owner.tracker,
    call,
    callId,
    nextExecutionId(),
    ownerId,
    requestContext,
  );
  if (signal !== undefined) state.ext.callerSignal = signal;
  if (stream) state.ext.wantsStream = true;
  if (interceptor !== undefined) state.ext.interceptor = interceptor;
  if (resume !== undefined) state.resume = resume;
  if (batch !== undefined) state.batch = batch;
  try {
    const observer = reg.owner.observer;
    if (
      observer !== undefined &&
      observeSteps !== undefined &&
      (observer.enabled === undefined || observer.enabled())
    ) {
      observeSteps.observeStart(state, observer, options);
    }
    return validate(state, raw, timeout);
  } catch (error) {
    // Last resort: whatever escaped still settles the execution exactly once.
    if (state.done) throw error;
    return failedWith(state, error);
  }
}

/** A real AbortSignal (or one from another realm): what the pipeline listens to. */
function isAbortSignal(value: unknown): value is AbortSignal {
  if (value instanceof AbortSignal) return true;
  const candidate = value as Partial<AbortSignal> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.aborted === 'boolean' &&
    typeof candidate.addEventListener === 'function' &&
    typeof candidate.removeEventListener === 'function'
  );
}
