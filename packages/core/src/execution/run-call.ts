import { RESUME } from '../approval/resume-key';
import type { ResumeState } from '../approval/resume-state';
import { freezeRequestContext, type RequestContext } from '../policy/request-context';
import { CallState } from './call-state';
import { nextExecutionId } from './ids';
import { type ExecutionInterceptor, interceptorOf } from './interceptor';
import { observeSteps } from './observe-steps';
import type { Registration } from './registration';
import { isAvailable } from './run-steps';
import { failedWith, refuse } from './stages/finish';
import { awaitImplementation, type StartedCall, settleStarted } from './stages/run';
import { validate } from './stages/validation';
import type { ToolCall, ToolExecuteOptions, ToolResult } from './types';

export type { StartedCall };

/**
 * Runs one call of a registered tool through the pipeline: admission (closed owner, availability),
 * identity, arguments, validation, policy, the concurrency gate, the implementation (collected or live
 * stream), after-policy and the terminal events. Never throws for tool failures.
 */
export function runCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): Promise<ToolResult> {
  return toPromise(startCall(reg, call, callId, options));
}

/** The result of a started call, as a promise. */
export function toPromise(started: StartedCall): Promise<ToolResult> {
  if (started instanceof CallState) return awaitImplementation(started);
  return started instanceof Promise ? started : Promise.resolve(started);
}

/**
 * Starts a call and goes as far as it can without waiting. Stages that never wait run synchronously, so a
 * batch can await the implementation itself instead of paying an async frame per call.
 */
export function startCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): StartedCall {
  if (reg.config.availability !== undefined) return startWhenAvailable(reg, call, callId, options);
  return startAdmitted(reg, call, callId, options);
}

export { settleStarted };

async function startWhenAvailable(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): Promise<ToolResult> {
  if (!(await isAvailable(reg))) {
    const name = reg.config.name;
    return refuse(reg.owner.emitter, name, callId, 'unavailable', name);
  }
  return settleStarted(startAdmitted(reg, call, callId, options));
}

function startAdmitted(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): StartedCall {
  const config = reg.config;
  const toolName = config.name;
  const tracker = reg.owner.tracker;
  if (tracker.admissionClosed) {
    return refuse(reg.owner.emitter, toolName, callId, 'closed', toolName, 'its owner');
  }
  // Everything read from host-built values (options, the call's arguments) is read once, here, before the
  // execution exists: a throwing getter or Proxy trap ends the call as INVALID_TOOL_CALL, never as a
  // synchronous throw or an execution that never settles.
  let requestContext: RequestContext | undefined;
  let ownerId: string | undefined;
  let signal: AbortSignal | undefined;
  let timeout: number | undefined;
  let stream = false;
  let raw: unknown;
  let interceptor: ExecutionInterceptor | undefined;
  let resume: ResumeState | undefined;
  try {
    if (options !== undefined) {
      if (options.requestContext !== undefined) requestContext = freezeRequestContext(options.requestContext);
      ownerId = options.ownerId ?? requestContext?.authority?.ownerId;
      signal = options.signal;
      timeout = options.timeout;
      stream = options.stream === true;
      interceptor = interceptorOf(options);
      resume = (options as { [RESUME]?: ResumeState })[RESUME];
      if (signal !== undefined && !isAbortSignal(signal)) {
        return refuse(reg.owner.emitter, toolName, callId, 'invalidSignal');
      }
    }
    raw = call.arguments;
  } catch (error) {
    return refuse(reg.owner.emitter, toolName, callId, 'unreadableOptions', error);
  }
  const state = new CallState(reg, tracker, call, callId, nextExecutionId(), ownerId, requestContext);
  if (signal !== undefined) state.ext.callerSignal = signal;
  if (stream) state.ext.wantsStream = true;
  if (interceptor !== undefined) state.ext.interceptor = interceptor;
  if (resume !== undefined) state.resume = resume;
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
