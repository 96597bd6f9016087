import { createToolError, describeThrown, type ToolError } from '../errors/tool-error';
import type { CallState } from './call-state';
import { admissionResult, finishCall, type StageEvent } from './finish-call';
import type { ToolResult } from './types';

type Failures = typeof import('./failures');

let failures: Failures | undefined;

/**
 * Describes a failure from the loaded descriptions and up to two values. Callers pass a function defined
 * at module level and hand it the values as arguments, never an arrow function over their own locals: a
 * closure in a pipeline function makes JavaScriptCore keep the locals it captures in a scope object that
 * is allocated on every call, failing or not (a batch of 10,000 calls ran 25-40% slower that way).
 */
export type Describe<A, B> = (loaded: Failures, a: A, b: B) => ToolError;

/**
 * Builds a failure's error with the failure descriptions (`./failures`), loading them on first use:
 * synchronously once loaded, after the load the first time. A call that succeeds never loads them. When
 * they cannot load (a browser that lost its connection), the call still ends, with LAZY_LOAD_FAILED.
 */
function describeWith<A, B, T>(
  toolName: string,
  describe: Describe<A, B>,
  a: A,
  b: B,
  end: (error: ToolError) => T,
): T | Promise<T> {
  if (failures !== undefined) return end(describe(failures, a, b));
  return import('./failures').then(
    (loaded) => {
      failures = loaded;
      return end(describe(loaded, a, b));
    },
    (error: unknown) => {
      const message = `Tool "${toolName}" failed, and the description of the failure did not load (${describeThrown(error)}).`;
      return end(createToolError('LAZY_LOAD_FAILED', message));
    },
  );
}

/** Ends an admitted call with the error `describe` builds (`outcome` `denied` for a policy denial). */
export function failWith<A, B>(
  state: CallState,
  stage: StageEvent,
  outcome: 'error' | 'denied',
  describe: Describe<A, B>,
  a: A,
  b: B,
): ToolResult | Promise<ToolResult> {
  return describeWith(state.reg.config.name, describe, a, b, (error) =>
    finishCall(state, outcome, undefined, error, stage),
  );
}

type Issues = Parameters<Failures['validationError']>[1];
type Denial = Parameters<Failures['metadataDenied']>[1];

/** The pipeline's descriptions as {@link Describe} functions (module level, so they capture nothing). */
export const described = {
  thrown: ((loaded, toolName, thrown) => loaded.executionError(toolName, thrown)) as Describe<
    string,
    unknown
  >,
  unreadableCall: ((loaded, thrown, hint) => loaded.refusals.unreadableCall(thrown, hint)) as Describe<
    unknown,
    boolean
  >,
  notACall: ((loaded) => loaded.refusals.notACall()) as Describe<undefined, undefined>,
  unreadableOptions: ((loaded, thrown) => loaded.refusals.unreadableOptions(thrown)) as Describe<
    unknown,
    undefined
  >,
  invalidSignal: ((loaded) => loaded.refusals.invalidSignal()) as Describe<undefined, undefined>,
  invalidTimeout: ((loaded) => loaded.refusals.invalidTimeout()) as Describe<undefined, undefined>,
  wrongTool: ((loaded, called, toolName) => loaded.refusals.wrongTool(called, toolName)) as Describe<
    string,
    string
  >,
  closed: ((loaded, toolName, owner) => loaded.refusals.closed(toolName, owner)) as Describe<string, string>,
  unavailable: ((loaded, toolName) => loaded.refusals.unavailable(toolName)) as Describe<string, undefined>,
  argumentsError: ((loaded, toolName, failure) => loaded.argumentsError(toolName, failure)) as Describe<
    string,
    Parameters<Failures['argumentsError']>[1]
  >,
  validationError: ((loaded, toolName, issues) => loaded.validationError(toolName, issues)) as Describe<
    string,
    Issues
  >,
  metadataDenied: ((loaded, toolName, denial) => loaded.metadataDenied(toolName, denial)) as Describe<
    string,
    Denial
  >,
  capabilityDenied: ((loaded, toolName, missing) => loaded.capabilityDenied(toolName, missing)) as Describe<
    string,
    string
  >,
};

/** Ends a call whose implementation (or the pipeline around it) threw. */
export function failedWith(state: CallState, thrown: unknown): ToolResult | Promise<ToolResult> {
  return failWith(state, 'execute-error', 'error', described.thrown, state.reg.config.name, thrown);
}

/**
 * Refuses a call before its execution exists (an unreadable call, a closed owner, an unavailable tool):
 * the result carries no `executionId`, and the owner's `error` event fires for it.
 */
export function refuse<A, B>(
  emitter: Parameters<typeof admissionResult>[0],
  toolName: string,
  callId: string,
  describe: Describe<A, B>,
  a: A,
  b: B,
): ToolResult | Promise<ToolResult> {
  return describeWith(toolName, describe, a, b, (error) => admissionResult(emitter, toolName, callId, error));
}
