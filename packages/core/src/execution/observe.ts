import type { CallState } from './call-state';
import type { ExecutionObserver, ObservedCall } from './observer';
import type { ToolExecuteOptions, ToolResult } from './types';

/** Starts observing an admitted call; an observer that throws or declines leaves the call unobserved. */
export function observeStart(
  state: CallState,
  observer: ExecutionObserver,
  options: ToolExecuteOptions | undefined,
): void {
  const config = state.reg.config;
  const observed: ObservedCall = {
    call: state.call,
    toolName: config.name,
    description: config.description === '' ? undefined : config.description,
    callId: state.callId,
    executionId: state.executionId,
    options,
  };
  let token: unknown;
  try {
    token = observer.start(observed);
  } catch {
    return;
  }
  if (token === undefined) return;
  const extras = state.ext;
  extras.observer = observer;
  extras.observation = token;
  extras.observed = observed;
}

/** Runs the implementation inside the observer's context when it asks to (see `ExecutionObserver.run`). */
export function runObserved(
  state: CallState,
  execute: (params: Record<string, unknown>, context: never) => unknown,
  context: unknown,
): unknown {
  const extras = state.x;
  const observer = extras?.observer;
  if (observer?.run === undefined) return execute(state.params, context as never);
  return observer.run(extras?.observation, execute, state.params, context as never);
}

/** Ends the observation of a call with its result, once. */
export function observeEnd(state: CallState, result: ToolResult): void {
  const extras = state.x;
  const observer = extras?.observer;
  if (extras === undefined || observer === undefined) return;
  extras.observer = undefined;
  try {
    observer.end(extras.observation, result, extras.observed as ObservedCall);
  } catch {
    // An observer never changes the outcome of a call.
  }
}
