import type { AnyTool, ToolLike } from '../tool/types';
import { createToolboxImpl, type ToolSource } from './create-toolbox';
import type { SerializedToolbox, Toolbox, ToolboxOptions } from './types';

/** The tool union of a toolbox built from a list (any tool when the list is empty). */
export type ToolsOf<TTools extends readonly unknown[]> = [TTools[number]] extends [never]
  ? AnyTool
  : Extract<TTools[number], ToolLike>;

/**
 * Creates a toolbox: a registry that validates, executes, observes and composes tool calls. Accepts
 * tools, serialized tool configurations, or a serialized toolbox (hydration).
 *
 * @example
 * ```ts
 * const toolbox = createToolbox([addNumbers], { context: { region: 'us-east-1' } });
 * const result = await toolbox.execute({ id: 'call-123', name: 'add-numbers', arguments: { a: 5, b: 3 } });
 * console.log(result.result); // 8
 * ```
 */
export function createToolbox<
  const TTools extends readonly (ToolLike | ToolSource)[] = [],
  TContext extends object = Record<string, unknown>,
>(
  tools?: TTools | SerializedToolbox,
  options?: ToolboxOptions<TContext>,
): Toolbox<ToolsOf<TTools>, TContext> {
  return createToolboxImpl(
    tools as readonly ToolSource[] | SerializedToolbox | undefined,
    options,
  ) as unknown as Toolbox<ToolsOf<TTools>, TContext>;
}
