import { createToolError, describeThrown, type ToolError } from '../errors/tool-error';
import type { CallState } from './call-state';
import { admissionResult, finishCall, type StageEvent } from './finish-call';
import type { ToolResult } from './types';

type Failures = typeof import('./failures');

let failures: Failures | undefined;

/**
 * Builds a failure's error with the failure descriptions (`./failures`), loading them on first use:
 * synchronously once loaded, after the load the first time. A call that succeeds never loads them. When
 * they cannot load (a browser that lost its connection), the call still ends, with LAZY_LOAD_FAILED.
 */
function describeWith<T>(
  toolName: string,
  describe: (loaded: Failures) => ToolError,
  end: (error: ToolError) => T,
): T | Promise<T> {
  if (failures !== undefined) return end(describe(failures));
  return import('./failures').then(
    (loaded) => {
      failures = loaded;
      return end(describe(loaded));
    },
    (error: unknown) => {
      const message = `Tool "${toolName}" failed, and the description of the failure did not load (${describeThrown(error)}).`;
      return end(createToolError('LAZY_LOAD_FAILED', message));
    },
  );
}

/** Ends an admitted call with the error `describe` builds (`outcome` `denied` for a policy denial). */
export function failWith(
  state: CallState,
  describe: (loaded: Failures) => ToolError,
  stage: StageEvent,
  outcome: 'error' | 'denied' = 'error',
): ToolResult | Promise<ToolResult> {
  return describeWith(state.reg.config.name, describe, (error) =>
    finishCall(state, outcome, undefined, error, stage),
  );
}

/** Ends a call whose implementation (or the pipeline around it) threw. */
export function failedWith(state: CallState, thrown: unknown): ToolResult | Promise<ToolResult> {
  return failWith(state, (loaded) => loaded.executionError(state.reg.config.name, thrown), 'execute-error');
}

/**
 * Refuses a call before its execution exists (an unreadable call, a closed owner, an unavailable tool):
 * the result carries no `executionId`, and the owner's `error` event fires for it.
 */
export function refuse(
  emitter: Parameters<typeof admissionResult>[0],
  toolName: string,
  callId: string,
  describe: (loaded: Failures) => ToolError,
): ToolResult | Promise<ToolResult> {
  return describeWith(toolName, describe, (error) => admissionResult(emitter, toolName, callId, error));
}
