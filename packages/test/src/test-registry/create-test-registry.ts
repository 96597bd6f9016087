import {
  type AnyTool,
  type BatchExecuteOptions,
  createToolbox,
  type Toolbox,
  type ToolboxOptions,
  type ToolCall,
  type ToolExecuteOptions,
  type ToolResult,
} from '@armorer/core';

/** One call that went through a test registry, with the id it ran under and its result. */
export interface TestHistoryEntry {
  readonly call: { readonly id: string; readonly name: string; readonly arguments: unknown };
  readonly result: ToolResult;
}

/** A toolbox that records every call it executes. */
export type TestRegistry = Toolbox<AnyTool, Record<string, unknown>> & {
  /** Finished calls, in the order they finished (a batch's calls in call order). */
  readonly history: readonly TestHistoryEntry[];
  /** Forgets the recorded calls. */
  clearHistory(): void;
};

/**
 * Creates a toolbox for tests that records a `history` of every call executed through it (single calls
 * and batches, successes and failures, unknown tools included) with the result it produced. Takes the
 * usual toolbox options and optional initial tools. Toolboxes derived with `extend` do not record.
 *
 * @example
 * ```ts
 * import { createMockTool, createTestRegistry } from '@armorer/test';
 *
 * const mock = createMockTool({ name: 'weather' });
 * mock.mockResolve({ temp: 72 });
 * const toolbox = createTestRegistry();
 * toolbox.register(mock);
 * await toolbox.execute({ name: 'weather', arguments: {} });
 * console.log(toolbox.history[0]?.call.name); // 'weather'
 * ```
 */
export function createTestRegistry(
  options?: ToolboxOptions<Record<string, unknown>> & { readonly tools?: readonly AnyTool[] },
): TestRegistry {
  const { tools, ...toolboxOptions } = options ?? {};
  const toolbox = createToolbox(tools ?? [], toolboxOptions) as unknown as Toolbox;
  const history: TestHistoryEntry[] = [];
  const execute = toolbox.execute.bind(toolbox) as (
    input: ToolCall | readonly ToolCall[],
    options?: ToolExecuteOptions | BatchExecuteOptions,
  ) => Promise<ToolResult | ToolResult[]>;
  const recorded = async (
    input: ToolCall | readonly ToolCall[],
    callOptions?: ToolExecuteOptions | BatchExecuteOptions,
  ) => {
    const output = await execute(input, callOptions);
    if (Array.isArray(input)) {
      (output as ToolResult[]).forEach((result, index) => {
        history.push(entry(input[index], result));
      });
    } else {
      history.push(entry(input as ToolCall, output as ToolResult));
    }
    return output;
  };
  Object.defineProperties(toolbox, {
    execute: { value: recorded },
    history: { value: history, enumerable: true },
    clearHistory: {
      value: () => {
        history.length = 0;
      },
    },
  });
  return toolbox as TestRegistry;
}

function entry(call: ToolCall | undefined, result: ToolResult): TestHistoryEntry {
  const valid = typeof call === 'object' && call !== null;
  return {
    call: {
      id: result.callId,
      name: valid && typeof call.name === 'string' ? call.name : result.toolName,
      arguments: valid ? call.arguments : undefined,
    },
    result,
  };
}
