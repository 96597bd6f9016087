import { createToolError, describeThrown, type ToolError } from '../errors/tool-error';
import type { CallState } from './call-state';
import { finishCall, type StageEvent } from './finish-call';
import type { ToolResult } from './types';

type Failures = typeof import('./failures');

let failures: Failures | undefined;

/**
 * Ends an admitted call with the error `describe` builds, loading the failure descriptions (`./failures`)
 * on first use: synchronously once loaded, after the load the first time. A call that succeeds never
 * loads them.
 */
export function failWith(
  state: CallState,
  describe: (loaded: Failures) => ToolError,
  stage: StageEvent,
): ToolResult | Promise<ToolResult> {
  if (failures !== undefined) return finishCall(state, 'error', undefined, describe(failures), stage);
  return import('./failures').then(
    (loaded) => {
      failures = loaded;
      return finishCall(state, 'error', undefined, describe(loaded), stage);
    },
    (error: unknown) => {
      const message = `Tool "${state.reg.config.name}" failed, and the description of the failure did not load (${describeThrown(error)}).`;
      return finishCall(state, 'error', undefined, createToolError('LAZY_LOAD_FAILED', message), stage);
    },
  );
}

/** Ends a call whose implementation (or the pipeline around it) threw. */
export function failedWith(state: CallState, thrown: unknown): ToolResult | Promise<ToolResult> {
  return failWith(state, (loaded) => loaded.executionError(state.reg.config.name, thrown), 'execute-error');
}
