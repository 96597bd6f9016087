import { type AnyTool, isTool, isToolbox } from '@armorer/core';
import { ProviderAdapterError } from '../errors/provider-adapter-error';

/** What an exporter accepts: a toolbox (all its tools) or a list of tools. */
export type ToolSource = { tools(): readonly unknown[] } | readonly unknown[];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object that is not a toolbox' : `a ${typeof value}`;
}

/**
 * The tools of a toolbox, or the given tools after checking each one.
 *
 * @example
 * ```ts
 * const tools = resolveTools(toolboxOrTools, 'toOpenAITools');
 * ```
 */
export function resolveTools(source: unknown, exporter: string): readonly AnyTool[] {
  const list = isToolbox(source) ? source.tools() : source;
  if (!Array.isArray(list)) {
    throw new ProviderAdapterError({
      code: 'INVALID_TOOLS',
      message: `${exporter}() expects a toolbox or an array of tools, got ${describe(source)}.`,
    });
  }
  for (let index = 0; index < list.length; index++) {
    if (!isTool(list[index])) {
      throw new ProviderAdapterError({
        code: 'INVALID_TOOLS',
        message: `${exporter}(): item ${index} is not a tool made by createTool().`,
      });
    }
  }
  return list as readonly AnyTool[];
}
