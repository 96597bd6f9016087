import type { Toolbox } from '@armorer/core';
import { toolOutputSchema } from '../declarations/to-mcp-tools';

const structuredTools = new WeakMap<object, boolean>();

/** Whether a successful result of the tool carries `structuredContent` (it declares an output schema). */
export function declaresOutput(toolbox: Toolbox, name: string): boolean {
  const tool = toolbox.getTool(name);
  if (tool === undefined) return false;
  let structured = structuredTools.get(tool.configuration);
  if (structured === undefined) {
    structured = toolOutputSchema(tool) !== undefined;
    structuredTools.set(tool.configuration, structured);
  }
  return structured;
}
