import { RESUME } from '../approval/resume-key';
import type { ResumeState } from '../approval/resume-state';
import { freezeRequestContext, type RequestContext } from '../policy/request-context';
import { ArgumentsFailure, parseArguments } from './arguments';
import { CallState } from './call-state';
import { nextExecutionId } from './ids';
import { type ExecutionInterceptor, interceptorOf } from './interceptor';
import { observeSteps } from './observe-steps';
import type { Registration } from './registration';
import { isAvailable, parseAsyncOrFail, type SafeParseResult } from './run-steps';
import { failedWith, failWith, refuse } from './stages/finish';
import { enforcePolicy } from './stages/policy';
import { awaitImplementation, type StartedCall, settleStarted } from './stages/run';
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
    return startExecution(state, raw, timeout);
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

function startExecution(state: CallState, raw: unknown, timeout: number | undefined): StartedCall {
  const reg = state.reg;
  const config = reg.config;
  // Arguments arrive as objects or JSON strings; listeners see the parsed object whenever it parses.
  const args =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : parseArguments(raw);
  if (state.listening) {
    state.ext.eventParams = args instanceof ArgumentsFailure ? raw : args;
    state.ext.eventStartedAt = Date.now();
    if (reg.telemetry) state.emit('tool.started', { startedAt: state.ext.eventStartedAt });
    state.emit('execute-start', { params: state.ext.eventParams, call: state.call });
  }
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    return failWith(state, 'validate-error', 'error', 'invalidTimeout');
  }
  if (args instanceof ArgumentsFailure)
    return failWith(state, 'validate-error', 'error', 'argumentsError', config.name, args);
  // A resume of signed validated arguments: validated when paused, under the same (bound) definition.
  if (state.resume?.prevalidated === true)
    return afterValidation(state, { success: true, data: args }, timeout);
  let parsed: SafeParseResult;
  try {
    parsed = config.schema.safeParse(args) as SafeParseResult;
  } catch (error) {
    return validateAsync(state, args, error, timeout);
  }
  return afterValidation(state, parsed, timeout);
}

/*
 * The branches that build a closure live in functions of their own: JavaScriptCore allocates the scope a
 * closure captures when the enclosing function is entered, whether or not the branch runs, so a closure in
 * a stage every call passes would cost every call an allocation.
 */

/** A schema that cannot parse synchronously (async refinements): validation goes on asynchronously. */
function validateAsync(
  state: CallState,
  args: Record<string, unknown>,
  error: unknown,
  timeout: number | undefined,
): Promise<ToolResult> {
  return parseAsyncOrFail(state.reg, args, error).then((result) =>
    settleStarted(afterValidation(state, result, timeout)),
  );
}

function afterValidation(
  state: CallState,
  parsed: SafeParseResult,
  timeout: number | undefined,
): StartedCall {
  const reg = state.reg;
  if (!parsed.success) {
    const issues = parsed.error?.issues ?? [];
    return failWith(state, 'validate-error', 'error', 'validationError', reg.config.name, issues);
  }
  state.params = parsed.data as Record<string, unknown>;
  if (state.listening) state.emit('validate-success', { params: state.params });
  return enforcePolicy(state, timeout);
}
