import { describeThrown, type ToolError, toolErrorOf } from '../errors/tool-error';
import type { CallState } from './call-state';
import { admissionResult, finishCall, type StageEvent } from './finish-call';
import type { ToolResult } from './types';

type Failures = typeof import('./failures');

let failures: Failures | undefined;

type Descriptions = Failures['descriptions'];

/**
 * A failure, by the name of its description in `./failures`; the values it is described with follow the
 * name as arguments. Callers never pass an arrow function over their own locals: a closure in a pipeline
 * function makes JavaScriptCore keep the locals it captures in a scope object that is allocated on every
 * call, failing or not (a batch of 10,000 calls ran 25-40% slower that way).
 */
export type FailureName = keyof Descriptions;

/**
 * Builds a failure's error with the failure descriptions (`./failures`), loading them on first use:
 * synchronously once loaded, after the load the first time. A call that succeeds never loads them. When
 * they cannot load (a browser that lost its connection), the call still ends, with LAZY_LOAD_FAILED.
 */
function describeWith<K extends FailureName, T>(
  toolName: string,
  name: K,
  args: Parameters<Descriptions[K]>,
  end: (error: ToolError) => T,
): T | Promise<T> {
  const describe = (loaded: Failures): ToolError =>
    (loaded.descriptions[name] as (...values: unknown[]) => ToolError)(...args);
  if (failures !== undefined) return end(describe(failures));
  return import('./failures').then(
    (loaded) => {
      failures = loaded;
      return end(describe(loaded));
    },
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
