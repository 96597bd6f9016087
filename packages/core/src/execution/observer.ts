import type { ToolCall, ToolExecuteOptions, ToolResult } from './types';

/**
 * What an {@link ExecutionObserver} learns when an admitted call starts. `call` carries the model's
 * arguments: an observer that records anything must never record them (digest them at most).
 */
export interface ObservedCall {
  readonly call: ToolCall;
  readonly toolName: string;
  /** The tool's description, `undefined` when empty. */
  readonly description: string | undefined;
  readonly callId: string;
  readonly executionId: string;
  /** The call's options as the caller passed them (`parentContext`, `spanLinks`, ...). */
  readonly options: ToolExecuteOptions | undefined;
}

/**
 * Observes every admitted call of one toolbox, for tracing (see `armorer/instrumentation`). A toolbox
 * without an observer pays one property check per call; with one, `start` runs when the call is admitted,
 * `run` (when present) wraps the implementation so it runs inside the observer's context, and `end`
 * runs once with the final result. The token `start` returns is handed back unchanged; `undefined`
 * skips `run` and `end` for that call. An observer must not throw; what it throws is swallowed.
 */
export interface ExecutionObserver<TToken = unknown> {
  readonly specificationVersion: 'v1';
  /**
   * Checked before anything else on every call, when present: `false` skips the call entirely (nothing
   * is allocated for it). Lets an observer whose backend is off (no tracer registered) cost next to nothing.
   */
  enabled?(): boolean;
  start(call: ObservedCall): TToken | undefined;
  run?<TArgs extends unknown[], TReturn>(
    token: TToken,
    implementation: (...args: TArgs) => TReturn,
    ...args: TArgs
  ): TReturn;
  end(token: TToken, result: ToolResult, observed: ObservedCall): void;
}
