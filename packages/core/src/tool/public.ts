import type { z } from 'zod';
import { ToolboxError } from '../errors/armorer-error';
import { nextCallId } from '../execution/ids';
import { createToolFromConfig } from './create-tool';
import type { AnyTool, ResultOf, Tool, ToolConfig, ToolInput, ToolMetadata, ToolOutput } from './types';

/** The empty input schema a tool without `input` gets. */
export type EmptyInput = z.ZodObject<Record<never, never>, z.core.$strip>;

/** What `createTool` needs from a toolbox to register into it in one step. */
export interface ToolRegistrar<TContext extends object> {
  readonly context: Readonly<TContext>;
  register(tool: AnyTool): unknown;
}

/**
 * Creates a tool: a validated, typed, callable unit of work. With a toolbox as second argument the tool
 * is registered in one step and its implementation sees the toolbox context.
 *
 * @example
 * ```ts
 * const addNumbers = createTool({
 *   name: 'add-numbers',
 *   description: 'Add two numbers together',
 *   input: z.object({ a: z.number(), b: z.number() }),
 *   async execute({ a, b }) {
 *     return a + b;
 *   },
 * });
 * await addNumbers({ a: 5, b: 3 }); // 8
 * ```
 */
export function createTool<
  const TName extends string,
  TInput extends ToolInput = EmptyInput,
  TResult = unknown,
  TContext extends object = Record<never, never>,
  TOutput extends ToolOutput | undefined = undefined,
  const TMetadata extends ToolMetadata = ToolMetadata,
>(
  config: ToolConfig<TName, TInput, TResult, TContext, TOutput, TMetadata>,
): Tool<TName, TInput, ResultOf<TOutput, TResult>, TContext>;
export function createTool<
  const TName extends string,
  TInput extends ToolInput = EmptyInput,
  TResult = unknown,
  TContext extends object = Record<never, never>,
  TOutput extends ToolOutput | undefined = undefined,
  const TMetadata extends ToolMetadata = ToolMetadata,
>(
  config: ToolConfig<TName, TInput, TResult, TContext, TOutput, TMetadata>,
  toolbox: ToolRegistrar<TContext>,
): Tool<TName, TInput, ResultOf<TOutput, TResult>, TContext>;
export function createTool(config: unknown, toolbox?: ToolRegistrar<object>): AnyTool {
  const tool = createToolFromConfig(config);
  if (toolbox !== undefined) {
    if (typeof toolbox?.register !== 'function') {
      throw new ToolboxError({
        code: 'INVALID_TOOL',
        message: 'The second argument of createTool() must be a toolbox.',
      });
    }
    toolbox.register(tool);
  }
  return tool;
}

/**
 * Returns a `createTool` whose tools share a context, available as the second argument of `execute`.
 *
 * @example
 * ```ts
 * const createToolWithContext = withContext({ userId: 'user-123' });
 * const whoAmI = createToolWithContext({
 *   name: 'who-am-i',
 *   description: 'Returns the current user',
 *   async execute(_params, context) {
 *     return context.userId;
 *   },
 * });
 * ```
 */
export function withContext<TContext extends object>(context: TContext) {
  if (typeof context !== 'object' || context === null) {
    throw new TypeError('withContext() expects a context object.');
  }
  return function createToolWithContext<
    const TName extends string,
    TInput extends ToolInput = EmptyInput,
    TResult = unknown,
    TOutput extends ToolOutput | undefined = undefined,
    const TMetadata extends ToolMetadata = ToolMetadata,
  >(
    config: ToolConfig<TName, TInput, TResult, TContext, TOutput, TMetadata>,
    toolbox?: ToolRegistrar<object>,
  ): Tool<TName, TInput, ResultOf<TOutput, TResult>, TContext> {
    const merged = { ...config, context: { ...context, ...config.context } };
    return (
      toolbox === undefined ? createTool(merged as never) : createTool(merged as never, toolbox)
    ) as never;
  };
}

/**
 * Builds a tool call, generating an id when none is given.
 *
 * @example
 * ```ts
 * const call = createToolCall('add-numbers', { a: 5, b: 3 });
 * await toolbox.execute(call);
 * ```
 */
export function createToolCall<
  const TName extends string,
  TArguments extends Record<string, unknown> = Record<never, never>,
>(
  name: TName,
  args?: TArguments,
  id?: string,
): { readonly id: string; readonly name: TName; readonly arguments: TArguments } {
  return { id: id ?? nextCallId(), name, arguments: (args ?? {}) as TArguments };
}
