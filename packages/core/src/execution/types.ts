import type { ToolError } from '../errors/tool-error';
import type { RequestContext } from '../policy/request-context';
import type { PendingApproval } from '../policy/types';
import type { SpanLinkLike, TraceContextLike } from './trace-context';

/**
 * A request to run one tool: the interoperability contract that provider adapters parse into.
 * `arguments` may be an object or a JSON string (providers send strings); it defaults to `{}`.
 */
export interface ToolCall<TName extends string = string, TArguments = unknown> {
  readonly id?: string;
  readonly name: TName;
  readonly arguments?: TArguments | string;
}

/** How a call ended. */
export type ToolOutcome = 'success' | 'error' | 'denied' | 'cancelled' | 'action_required';

/** The result of one call. Failures are values: `error` is set whenever `outcome` is not `success`. */
export interface ToolResult<TResult = unknown> {
  /** The call id (the provider's tool-call id, or one armorer generated). */
  readonly callId: string;
  /** Alias of `callId`, named as providers name it. */
  readonly toolCallId: string;
  readonly toolName: string;
  readonly outcome: ToolOutcome;
  /** The tool's return value (collected chunks for streamed output; the live stream with `stream: true`). */
  readonly result?: TResult | undefined;
  /** What to show the model: the result on success, the error message otherwise. */
  readonly content?: unknown;
  readonly error?: ToolError | undefined;
  /** Minted per execution; absent when the call failed before admission (unknown tool, closed toolbox). */
  readonly executionId?: string | undefined;
  /** Echoes the caller's `ownerId` (or `requestContext.authority.ownerId`); never invented. */
  readonly ownerId?: string | undefined;
  /** Set when `outcome` is `action_required`. */
  readonly pendingApproval?: PendingApproval | undefined;
  /** The live stream, when the tool returned an AsyncIterable and the call asked for `stream: true`. */
  readonly stream?: AsyncIterable<unknown> | undefined;
}

/** Options of one call, accepted by `toolbox.execute`, `tool.execute` and `tool.executeWith`. */
export interface ToolExecuteOptions {
  /** Deadline in milliseconds; the call ends with a TIMEOUT error when it elapses. */
  readonly timeout?: number;
  /** The caller's cancellation signal. armorer never aborts it. */
  readonly signal?: AbortSignal;
  /** Return an AsyncIterable result live on `ToolResult.stream` instead of collecting it. */
  readonly stream?: boolean;
  /** Attribution of the call to an owner (an agent run, a session); echoed on events and results. */
  readonly ownerId?: string;
  /** The caller's authority, frozen before policy runs. */
  readonly requestContext?: RequestContext;
  /**
   * The OpenTelemetry context to nest this call's span under (read by `armorer/instrumentation`;
   * ignored when the toolbox is not instrumented). Defaults to the active context.
   */
  readonly parentContext?: TraceContextLike;
  /** Span links to attach to this call's span, when linked traces are preferred over nesting. */
  readonly spanLinks?: readonly SpanLinkLike[];
}

/** Options of `executeWith`: parameters plus call options in one object. */
export interface ExecuteWithOptions<TParams> extends ToolExecuteOptions {
  readonly params: TParams;
  readonly callId?: string;
}

/** Options of a batch `toolbox.execute([...calls], options)`. */
export interface BatchExecuteOptions extends ToolExecuteOptions {
  /** Maximum calls running at once in parallel mode (default: unbounded). */
  readonly concurrency?: number;
  readonly mode?: 'parallel' | 'sequential';
  /** `collect` (default) runs every call; `failFast` cancels the calls not yet finished after a failure. */
  readonly errorMode?: 'collect' | 'failFast';
}
