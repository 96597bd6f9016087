import type { AnyTool } from '@armorer/core';
import { invalid } from './query-keys';
import type { ToolSelection, ToolSummary } from './types';

const SELECTIONS: readonly ToolSelection[] = ['tool', 'name', 'configuration', 'summary'];

/** Validates a selection mode. */
export function checkSelection(select: unknown, where: string): ToolSelection {
  if (select === undefined) return 'tool';
  if (!SELECTIONS.includes(select as ToolSelection)) invalid(where, `one of ${SELECTIONS.join(', ')}`);
  return select as ToolSelection;
}

/** A {@link ToolSummary} of a tool, with its score when it was ranked. */
export function summarize(tool: AnyTool, score: number | undefined): ToolSummary {
  const { metadata, risk, tags } = tool.configuration;
  return {
    name: tool.name,
    description: tool.description,
    tags: [...tags],
    ...(metadata === undefined ? {} : { metadata }),
    ...(risk === undefined ? {} : { risk }),
    ...(score === undefined ? {} : { score }),
  };
}

/** The selected form of a tool. */
export function selectTool(tool: AnyTool, select: ToolSelection, score: number | undefined): unknown {
  switch (select) {
    case 'name':
      return tool.name;
    case 'configuration':
      return tool.configuration;
    case 'summary':
      return summarize(tool, score);
    default:
      return tool;
  }
}
