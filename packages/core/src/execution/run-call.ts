import { missingCapabilityOf } from '../approval/capability-check';
import { RESUME } from '../approval/resume-key';
import type { ResumeState } from '../approval/resume-state';
import type { ToolError } from '../errors/tool-error';
import { freezeRequestContext, type RequestContext } from '../policy/request-context';
import type { ToolCallContext } from '../tool/types';
import { ArgumentsFailure, parseArguments } from './arguments';
import { CallState } from './call-state';
import { armCancellation, cancelledError } from './cancellation';
import { fulfilledValue, NOT_FULFILLED } from './fulfilled-now';
import { nextExecutionId } from './ids';
import { type ExecutionInterceptor, Invocation, interceptorOf } from './interceptor';
import { observeSteps } from './observe-steps';
import { readsContext } from './reads-context';
import type { Registration } from './registration';
import { createContext, isAvailable, parseAsyncOrFail, type SafeParseResult } from './run-steps';
import { awaitImplementation } from './settle-call';
import { withStages } from './stages';
import { complete, failed } from './stages/after';
import { failedWith, failures, failWith, finishCall, interrupted, refuse } from './stages/finish';
import type { ToolCall, ToolExecuteOptions, ToolResult } from './types';

/**
 * What starting a call gives: its result when it ended synchronously, the state of an execution whose
 * implementation is still running (see {@link toPromise}), or a promise of the result when
 * a stage had to wait (availability, async validation, policy, a concurrency queue).
 */
export type StartedCall = ToolResult | CallState | Promise<ToolResult>;

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

/** Awaits a started call to its result. */
export function settleStarted(started: StartedCall): Promise<ToolResult> | ToolResult {
  return started instanceof CallState ? awaitImplementation(started) : started;
}

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

/** Policy hooks, an approval gate that asks, or a concurrency queue: the waiting stages take over. */
function policyThenInvoke(state: CallState): StartedCall {
  return withStages((stages) => stages.policyThenInvoke(state));
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
  const signal = state.x?.callerSignal;
  if (signal?.aborted) {
    return finishCall(state, 'cancelled', undefined, cancelledError(reg.config.name, signal.reason));
  }
  if (signal !== undefined || timeout !== undefined)
    state.ext.disarm = armCancellation(state, signal, timeout);
  const name = reg.config.name;
  const denial = reg.metadataDenial;
  if (denial !== undefined) {
    if (denial !== 'warnUndeclared') {
      return failWith(state, 'policy-denied', 'denied', 'metadataDenied', name, denial);
    }
    warnUndeclared(reg, state.callId);
  }
  const approvalGate = reg.approvalGate;
  if (approvalGate !== undefined && !reg.hasBeforeExecute) {
    const missing = missingCapabilityOf(approvalGate, state.requestContext);
    if (missing !== undefined) {
      return failWith(state, 'policy-denied', 'denied', 'capabilityDenied', name, missing);
    }
  }
  const resume = state.resume;
  if (reg.hasBeforeExecute || reg.concurrency !== undefined) return policyThenInvoke(state);
  // A resumed call skips the approval gate (a person answered it); with no hook or queue left, it only
  // commits its binding, without a waiting stage when the store answers synchronously.
  if (resume !== undefined) return commitThenInvoke(state, resume);
  if (approvalGate?.ask === true) return policyThenInvoke(state);
  return invoke(state);
}

/**
 * A call of a tool that runs under `readOnly: true` without declaring `readOnly` or `mutates`: the
 * owner's `warning` event fires for it once (nothing is printed), and the tool runs.
 */
function warnUndeclared(reg: Registration, callId: string): void {
  const emitter = reg.owner.emitter;
  // Kept until someone listens: a listener added after the first call still hears it, once.
  if (!emitter.has('warning')) return;
  reg.metadataDenial = undefined;
  // The event and its wording load with the failure descriptions, so plain calls never carry them.
  failures.load().then(
    (loaded) => loaded.warnUndeclared(emitter, reg.config.name, callId),
    () => {},
  );
}

/**
 * Consumes a resumed call's binding right before its implementation runs (nothing else is left that
 * could refuse), then invokes it. A failure to commit ends the call denied; the tool never runs.
 */
export function commitThenInvoke(state: CallState, resume: ResumeState): StartedCall {
  const committing = resume.commit(state.reg.config.name);
  if (committing instanceof Promise) return invokeOnceCommitted(state, committing);
  return afterCommit(state, committing);
}

/** An asynchronous commit: the waiting stages wait for it, interruptibly (see `invokeOnceCommitted`). */
function invokeOnceCommitted(state: CallState, committing: Promise<ToolError | undefined>): StartedCall {
  return withStages((stages) => stages.invokeOnceCommitted(state, committing));
}

export function afterCommit(state: CallState, failure: ToolError | undefined): StartedCall {
  if (failure !== undefined) return finishCall(state, 'denied', undefined, failure, 'policy-denied');
  if (state.interrupted !== undefined) return interrupted(state);
  return invoke(state);
}

/** Calls the implementation: a synchronous outcome completes at once, a promise leaves the state running. */
export function invoke(state: CallState): StartedCall {
  if (state.phase !== 'active') state.setPhase('active');
  if (state.tracker.observing) state.ext.startedAt = state.ext.lastActivityAt = Date.now();
  let returned: unknown;
  try {
    const reg = state.reg;
    if (state.x?.interceptor === undefined && state.x?.observer === undefined) {
      // The plain path: an implementation that cannot see a context gets none (see readsContext).
      reg.passContext ??= readsContext(reg.config.execute);
      returned = reg.passContext
        ? reg.config.execute(state.params, createContext(reg, state) as never)
        : (reg.config.execute as (params: Record<string, unknown>) => unknown)(state.params);
    } else {
      returned = runWrapped(state);
    }
    if (
      typeof returned === 'object' &&
      returned !== null &&
      typeof (returned as PromiseLike<unknown>).then === 'function'
    ) {
      // A native promise is used as is; any other thenable is adopted by one, so a hostile `then`
      // (a throwing getter, a `then` that throws or calls back twice) can only reject it.
      const promise = Promise.resolve(returned);
      const value = fulfilledValue(promise);
      if (value !== NOT_FULFILLED) return complete(state, value);
      state.pending = promise;
      return state;
    }
  } catch (error) {
    return failed(state, error);
  }
  return complete(state, returned);
}

/**
 * Runs the implementation of a call with an interceptor (idempotency: it decides whether the
 * implementation runs) or an observer (tracing: it wraps whatever runs, so a deduplicated call is traced
 * too). A function of its own: the closure it builds would otherwise make every plain call allocate the
 * scope it captures.
 */
function runWrapped(state: CallState): unknown {
  const reg = state.reg;
  const interceptor = state.x?.interceptor;
  const context = createContext(reg, state);
  const run: (params: Record<string, unknown>, context: never) => unknown =
    interceptor === undefined ? reg.config.execute : () => interceptor(intercepted(state, context));
  return state.x?.observer === undefined
    ? run(state.params, context as never)
    : (observeSteps as NonNullable<typeof observeSteps>).runObserved(state, run, context);
}

function intercepted(state: CallState, context: ToolCallContext): Invocation {
  const reg = state.reg;
  return new Invocation(
    state.call,
    state.params,
    context,
    reg.tool,
    reg.config,
    reg.owner.revisions.policyRevision,
  );
}
