import type { ToolError } from '../../errors/tool-error';
import type { ToolCallContext } from '../../tool/types';
import type { CallState } from '../call-state';
import { Invocation } from '../interceptor';
import { observeSteps } from '../observe-steps';
import type { ToolResult } from '../types';
import { complete, failed } from './after';
import { finishCall, interrupted } from './finish';
import { fulfilledValue, NOT_FULFILLED } from './fulfilled-now';
import { readsContext } from './reads-context';
import { ToolCallContextImpl } from './tool-context';

/*
 * 6. Run: the tool's (middleware-transformed) implementation is called with the validated arguments, and
 * what it returns goes to the after stage. A synchronous outcome, or a promise that is already fulfilled
 * (Bun can tell), completes the call at once; a promise still pending leaves the call running until it
 * settles or the call is interrupted. An interceptor (idempotency) or an observer (tracing) stands around
 * the implementation only for the calls that carry one.
 */

/**
 * What starting a call gives: its result when it ended synchronously, or a promise of it (the implementation
 * is running, or a stage had to wait). A batch's call whose implementation is still running is handed back
 * as its state, for the batch to await (see `CallState.batch`); no other call ever is.
 */
export type StartedCall = ToolResult | CallState | Promise<ToolResult | CallState>;

/**
 * Runs a resumed call once its binding was committed (`failure` undefined) or could not be: a failure to
 * commit ends the call denied, and the tool never runs.
 */
export function runCommitted(state: CallState, failure: ToolError | undefined): StartedCall {
  if (failure !== undefined) return finishCall(state, 'denied', undefined, failure, 'policy-denied');
  if (state.interrupted !== undefined) return interrupted(state);
  return run(state);
}

/** Calls the implementation: a synchronous outcome completes at once, a promise leaves the state running. */
export function run(state: CallState): StartedCall {
  if (state.phase !== 'active') state.setPhase('active');
  if (state.tracker.observing) state.ext.startedAt = state.ext.lastActivityAt = Date.now();
  let returned: unknown;
  try {
    const reg = state.reg;
    if (state.x?.interceptor === undefined && state.x?.observer === undefined) {
      // The plain path: an implementation that cannot see a context gets none (see readsContext).
      reg.passContext ??= readsContext(reg.config.execute);
      returned = reg.passContext
        ? reg.config.execute(state.params, createContext(state) as never)
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
      return state.batch === undefined ? awaitImplementation(state) : state;
    }
  } catch (error) {
    return failed(state, error);
  }
  return complete(state, returned);
}

/** The context object an implementation receives. */
function createContext(state: CallState): ToolCallContextImpl {
  const context = new ToolCallContextImpl(state);
  const userContext = state.reg.userContext;
  if (userContext !== undefined) Object.assign(context, userContext);
  return context;
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
  const context = createContext(state);
  const execute: (params: Record<string, unknown>, context: never) => unknown =
    interceptor === undefined ? reg.config.execute : () => interceptor(intercepted(state, context));
  return state.x?.observer === undefined
    ? execute(state.params, context as never)
    : (observeSteps as NonNullable<typeof observeSteps>).runObserved(state, execute, context);
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

/**
 * Awaits a running implementation and completes the call, with one promise per call: the promise the
 * caller gets is resolved by the implementation's settlement or, first, by an interruption (which ends the
 * call at once while the implementation may keep running, cleanup-pending).
 */
export function awaitImplementation(state: CallState): Promise<ToolResult> {
  settlingState = state;
  return new Promise<ToolResult>(settleExecutor);
}

// Handed to the shared executor synchronously inside `new Promise` (see waitInterruptible).
let settlingState: CallState | undefined;

function settleExecutor(resolve: (result: ToolResult | Promise<ToolResult>) => void): void {
  const state = settlingState as CallState;
  settlingState = undefined;
  state.resolveCall = resolve;
  // Called as `state.interrupt(...)` by cancel(), so `this` is the state: no closure per call.
  state.interrupt = settleInterrupted;
  (state.pending as PromiseLike<unknown>).then(
    (value) => settleCall(state, 0, value),
    (error: unknown) => settleCall(state, 1, error),
  );
}

function settleInterrupted(this: CallState): void {
  settleCall(this, 2, undefined);
}

/** Resolves the caller's promise once: 0 the implementation returned, 1 it threw, 2 the call was interrupted. */
function settleCall(state: CallState, how: 0 | 1 | 2, value: unknown): void {
  const resolve = state.resolveCall;
  if (resolve === undefined) return;
  state.resolveCall = undefined;
  try {
    resolve(how === 0 ? complete(state, value) : how === 1 ? failed(state, value) : interrupted(state));
  } catch (error) {
    // Settling itself failed (a hostile value slipped through): the call still ends, once.
    try {
      resolve(state.done && state.result !== undefined ? state.result : failed(state, error));
    } catch (again) {
      resolve(Promise.reject(again));
    }
  }
}
