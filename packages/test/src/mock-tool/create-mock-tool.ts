import {
  createTool,
  isToolError,
  type Tool,
  type ToolContext,
  ToolFailureError,
  type ToolInput,
  type ToolMetadata,
  type ToolParamsOf,
  type ToolRisk,
} from '@armorer/core';
import { z } from 'zod';

/** Options of {@link createMockTool}. */
export interface MockToolOptions<TName extends string, TInput extends ToolInput> {
  readonly name: TName;
  /** Default: `Mock of "<name>"`. */
  readonly description?: string;
  /** Default: an object schema that accepts and keeps any fields, so every argument is recorded. */
  readonly input?: TInput;
  readonly tags?: readonly string[];
  readonly metadata?: ToolMetadata;
  readonly risk?: ToolRisk;
}

/** One call a mock received. */
export interface MockToolCall<TParams> {
  /** The validated arguments. */
  readonly params: TParams;
  readonly callId: string;
  readonly executionId: string;
  readonly ownerId: string | undefined;
}

/** A mock implementation. */
export type MockImplementation<TParams, TResult> = (
  params: TParams,
  context: ToolContext<Record<string, unknown>>,
) => TResult | Promise<TResult>;

/** A real tool whose behaviour tests set, and which records the calls it receives. */
export type MockTool<TName extends string, TInput extends ToolInput, TResult> = Tool<
  TName,
  TInput,
  TResult
> & {
  /** Every call that reached the implementation, oldest first. */
  readonly calls: readonly MockToolCall<ToolParamsOf<TInput>>[];
  /** Resolve every call with `value`. */
  mockResolve(value: TResult): MockTool<TName, TInput, TResult>;
  /** Resolve the next call with `value` (queued before the default behaviour). */
  mockResolveOnce(value: TResult): MockTool<TName, TInput, TResult>;
  /** Fail every call: an `Error` is thrown as is, a `ToolError` ends the call with exactly that error. */
  mockReject(error: unknown): MockTool<TName, TInput, TResult>;
  /** Fail the next call. */
  mockRejectOnce(error: unknown): MockTool<TName, TInput, TResult>;
  /** Run `implementation` for every call. */
  mockImplementation(
    implementation: MockImplementation<ToolParamsOf<TInput>, TResult>,
  ): MockTool<TName, TInput, TResult>;
  /** Forget the recorded calls and every configured behaviour (calls then resolve to `undefined`). */
  mockReset(): MockTool<TName, TInput, TResult>;
};

type Behaviour = (params: never, context: ToolContext<Record<string, unknown>>) => unknown;

function rejecting(error: unknown): Behaviour {
  return () => {
    if (isToolError(error)) throw new ToolFailureError(error);
    throw typeof error === 'string' ? new Error(error) : error;
  };
}

/**
 * Creates a mock tool: a real tool (validated, evented, registrable) whose result a test sets with
 * `mockResolve`, `mockReject` or `mockImplementation`, and which records the `calls` it received. Until
 * configured, calls resolve to `undefined`.
 *
 * @example
 * ```ts
 * import { createMockTool, createTestRegistry } from '@armorer/test';
 *
 * const mock = createMockTool<{ temp: number }>({ name: 'weather' });
 * mock.mockResolve({ temp: 72 });
 * const toolbox = createTestRegistry();
 * toolbox.register(mock);
 * const result = await toolbox.execute({ name: 'weather', arguments: { city: 'Oslo' } });
 * result.result; // { temp: 72 }
 * mock.calls[0]?.params; // { city: 'Oslo' }
 * ```
 */
export function createMockTool<
  TResult = unknown,
  const TName extends string = string,
  TInput extends ToolInput = z.ZodObject<Record<never, never>, z.core.$loose>,
>(options: MockToolOptions<TName, TInput>): MockTool<TName, TInput, TResult> {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createMockTool() expects options with at least a name.');
  }
  const calls: MockToolCall<unknown>[] = [];
  const once: Behaviour[] = [];
  let behaviour: Behaviour | undefined;
  const tool = createTool({
    name: options.name,
    description: options.description ?? `Mock of "${options.name}"`,
    input: (options.input ?? z.looseObject({})) as ToolInput,
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
    ...(options.risk === undefined ? {} : { risk: options.risk }),
    async execute(params, context) {
      calls.push({
        params,
        callId: context.callId,
        executionId: context.executionId,
        ownerId: context.ownerId,
      });
      const next = once.shift() ?? behaviour;
      return next === undefined
        ? undefined
        : next(params as never, context as ToolContext<Record<string, unknown>>);
    },
  });
  const mock = tool as unknown as MockTool<TName, TInput, TResult>;
  const chain = (change: () => void) => () => {
    change();
    return mock;
  };
  Object.defineProperties(tool, {
    calls: { value: calls, enumerable: true },
    mockResolve: { value: (value: TResult) => chain(() => (behaviour = () => value))() },
    mockResolveOnce: { value: (value: TResult) => chain(() => once.push(() => value))() },
    mockReject: { value: (error: unknown) => chain(() => (behaviour = rejecting(error)))() },
    mockRejectOnce: { value: (error: unknown) => chain(() => once.push(rejecting(error)))() },
    mockImplementation: {
      value: (implementation: Behaviour) => {
        if (typeof implementation !== 'function')
          throw new TypeError('mockImplementation() expects a function.');
        return chain(() => (behaviour = implementation))();
      },
    },
    mockReset: {
      value: chain(() => {
        calls.length = 0;
        once.length = 0;
        behaviour = undefined;
      }),
    },
  });
  return mock;
}
