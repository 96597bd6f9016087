import {
  type Collected,
  createToolError,
  type ExecuteWithOptions,
  isTool,
  type Tool,
  type ToolCall,
  type ToolCallArgs,
  ToolCallError,
  type ToolInput,
  type ToolInputOf,
  type ToolResult,
} from '@armorer/core';
import { Engine } from './engine';
import type { IdempotencyOptions } from './options';
import { refusedResult } from './refused-result';
import { CallTicket } from './ticket';
import type { IdempotentExecuteOptions, IdempotentToolResult } from './types';

/**
 * A tool whose direct calls are idempotent. Its execute forms accept `idempotencyKey` and the resolution
 * receipts; the result form answers `result.idempotency`. Register the original tool in toolboxes and
 * wrap the toolbox with `withToolboxIdempotency` instead: a toolbox runs the tool's own configuration.
 */
export interface IdempotentTool<
  TName extends string = string,
  TInput extends ToolInput = ToolInput,
  TResult = unknown,
  TContext extends object = Record<never, never>,
> extends Omit<Tool<TName, TInput, TResult, TContext>, 'execute' | 'executeWith'> {
  (...args: ToolCallArgs<TInput>): Promise<Collected<TResult>>;
  /** The tool this one wraps. */
  readonly tool: Tool<TName, TInput, TResult, TContext>;
  execute(
    call: ToolCall<TName>,
    options?: IdempotentExecuteOptions,
  ): Promise<IdempotentToolResult<Collected<TResult>>>;
  /** Throws a `ToolCallError` when the call does not succeed (including `unknown-outcome`). */
  execute(params: ToolInputOf<TInput>, options?: IdempotentExecuteOptions): Promise<Collected<TResult>>;
  executeWith(
    options: ExecuteWithOptions<ToolInputOf<TInput>> & IdempotentExecuteOptions,
  ): Promise<IdempotentToolResult<Collected<TResult>>>;
}

/**
 * Makes a tool's direct calls idempotent, with the same fenced rules as {@link withToolboxIdempotency}
 * (a tool called directly has no policy revision).
 *
 * @example
 * ```ts
 * const idempotentCharge = withIdempotency(chargeCard, { cache, tenantId: 'tenant-1', verifyResolutionReceipt });
 * await idempotentCharge.execute(
 *   { orderId: 'order-1', cents: 2500 },
 *   { idempotencyKey: 'order-1', requestContext: { authority: { tenantId: 'tenant-1' } } },
 * );
 * ```
 */
export function withIdempotency<
  TName extends string,
  TInput extends ToolInput,
  TResult,
  TContext extends object,
>(
  tool: Tool<TName, TInput, TResult, TContext>,
  options: IdempotencyOptions,
): IdempotentTool<TName, TInput, TResult, TContext> {
  if (!isTool(tool)) throw new TypeError('withIdempotency() expects a tool made by createTool().');
  const engine = new Engine(options);
  const inner = tool as unknown as {
    execute(input: unknown, options?: unknown): Promise<unknown>;
    executeWith(options: unknown): Promise<ToolResult>;
  };

  const executeWith = (input: ExecuteWithOptions<unknown> & IdempotentExecuteOptions) => {
    const callOptions = engine.pinned(input) as typeof input;
    const refusal = engine.refusal(tool.name, callOptions);
    if (refusal !== undefined) {
      const id = callOptions?.callId;
      return Promise.resolve(
        refusedResult({ name: tool.name, ...(id === undefined ? {} : { id }) }, callOptions, refusal),
      );
    }
    if (!engine.mayUseCache(callOptions, tool.configuration)) return inner.executeWith(callOptions);
    // The interceptor marks the result (`idempotency`) as the pipeline builds it: no reaction of our own.
    const ticket = new CallTicket(callOptions, false);
    return inner.executeWith(engine.intercepted(callOptions, input, ticket)) as Promise<
      IdempotentToolResult<unknown>
    >;
  };

  const execute = (input: unknown, callOptions?: IdempotentExecuteOptions): Promise<unknown> => {
    if (isCallLike(input)) {
      // Read once: a call named for another tool is refused by the tool as that name, never re-read.
      const name = input.name;
      if (name !== tool.name) return inner.execute({ ...input, name }, callOptions);
      const { arguments: params, id } = input;
      return executeWith({ ...callOptions, params, ...(typeof id === 'string' ? { callId: id } : {}) });
    }
    return executeWith({ ...callOptions, params: input }).then((result) => {
      if (result.outcome === 'success') return result.result;
      throw new ToolCallError(
        tool.name,
        result.error ?? createToolError('EXECUTION_FAILED', `Tool "${tool.name}" did not succeed.`),
      );
    });
  };

  const wrapper = function idempotentTool(params?: unknown): Promise<unknown> {
    return execute(params ?? {}, undefined);
  };
  // Everything else (schema, events, lifetime, toJSON) is the wrapped tool's, through the prototype.
  Object.setPrototypeOf(wrapper, tool);
  Object.defineProperties(wrapper, {
    name: { value: tool.name, enumerable: true },
    length: { value: tool.length },
    tool: { value: tool },
    execute: { value: execute },
    executeWith: { value: executeWith },
  });
  return wrapper as unknown as IdempotentTool<TName, TInput, TResult, TContext>;
}

function isCallLike(value: unknown): value is ToolCall {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ToolCall).name === 'string' &&
    Object.hasOwn(value, 'arguments')
  );
}
