import type { ApprovalBinding } from '@armorer/approval';
import type { AnyTool, ToolCallContext, ToolConfiguration } from '../tool/types';
import { definitionRevision } from './definition-revision';
import type { BatchExecuteOptions, ToolCall, ToolExecuteOptions, ToolResult } from './types';

/**
 * The key under which call options carry an {@link ExecutionInterceptor}. A symbol, so it never appears
 * in option objects built by hand and survives the option copies a batch makes.
 */
export const EXECUTION_INTERCEPTOR: unique symbol = Symbol.for('armorer.execution-interceptor');

/** One implementation call an interceptor stands in front of: after validation, policy and gates. */
export interface InterceptedInvocation {
  /** The call object exactly as it was passed to `execute`. */
  readonly call: ToolCall;
  /** Validated arguments. */
  readonly params: Record<string, unknown>;
  /** The context the implementation receives. */
  readonly context: ToolCallContext;
  /** The tool as registered with the owner (after toolbox middleware). */
  readonly tool: AnyTool;
  readonly configuration: ToolConfiguration;
  /** The owner's `policyRevision` option; undefined for a tool executed directly. */
  readonly policyRevision: string | undefined;
  /** A digest of the tool's serialized definition (computed once per configuration). */
  readonly toolRevision: string;
  /** Runs the implementation and returns what it returned (a value, a promise or an async iterable). */
  proceed(): unknown;
}

/**
 * Stands in front of the implementation of the calls made with the options it is attached to: what it
 * returns (or throws) is what the pipeline sees as the implementation's outcome. For satellite packages
 * (`armorer/idempotency`); applications use those packages instead.
 */
export type ExecutionInterceptor = ((invocation: InterceptedInvocation) => unknown) & {
  /**
   * Called with the result of every call made with these options that reached the pipeline, right after the
   * result is built and before the caller, `settled` listeners or a batch see it: where the satellite adds
   * its own fields (`result.idempotency`) without waiting a turn of the microtask queue for the result.
   */
  onResult?: (result: ToolResult) => void;
  /**
   * Called, as a method of the interceptor, when a call made with these options pauses for approval: after
   * its binding is issued and before the caller sees it (a returned promise is awaited; a rejection ends the
   * call with `APPROVAL_STORE_FAILED`). Where the satellite records what the resume will need (the key the
   * paused call carried). A resume made with options carrying the same kind of interceptor runs through it.
   */
  onPause?: (paused: PausedInvocation) => unknown;
};

/** A call that paused for approval (see the `onPause` member of {@link ExecutionInterceptor}). */
export interface PausedInvocation {
  /** The signed binding as issued to the approval state store (checked, decoded). */
  readonly binding: ApprovalBinding;
  /** The validated arguments the call paused with. */
  readonly params: Record<string, unknown>;
  readonly configuration: ToolConfiguration;
}

/** Call options that carry an interceptor. */
export type InterceptedExecuteOptions<TOptions extends ToolExecuteOptions = ToolExecuteOptions> = TOptions &
  ToolExecuteOptions & {
    readonly [EXECUTION_INTERCEPTOR]: ExecutionInterceptor;
  };

/**
 * A copy of `options` that routes the call's implementation through `interceptor`.
 *
 * @example
 * ```ts
 * const options = withExecutionInterceptor({ timeout: 1000 }, (invocation) => {
 *   console.log('running', invocation.configuration.name);
 *   return invocation.proceed();
 * });
 * await toolbox.execute(call, options);
 * ```
 */
export function withExecutionInterceptor<TOptions extends ToolExecuteOptions | BatchExecuteOptions>(
  options: TOptions | undefined,
  interceptor: ExecutionInterceptor,
): InterceptedExecuteOptions<TOptions> {
  if (typeof interceptor !== 'function') throw new TypeError('An execution interceptor must be a function.');
  return { ...options, [EXECUTION_INTERCEPTOR]: interceptor } as InterceptedExecuteOptions<TOptions>;
}

/** The interceptor carried by call options, if any. */
export function interceptorOf(options: ToolExecuteOptions): ExecutionInterceptor | undefined {
  const interceptor = (options as Partial<InterceptedExecuteOptions>)[EXECUTION_INTERCEPTOR];
  return typeof interceptor === 'function' ? interceptor : undefined;
}

/** The invocation handed to an interceptor; a class so a call allocates no closures. */
export class Invocation implements InterceptedInvocation {
  constructor(
    readonly call: ToolCall,
    readonly params: Record<string, unknown>,
    readonly context: ToolCallContext,
    readonly tool: AnyTool,
    readonly configuration: ToolConfiguration,
    readonly policyRevision: string | undefined,
  ) {}

  get toolRevision(): string {
    return definitionRevision(this.configuration);
  }

  proceed(): unknown {
    return this.configuration.execute(this.params, this.context as never);
  }
}
