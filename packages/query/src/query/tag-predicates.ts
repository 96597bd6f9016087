import type { AnyTool } from '@armorer/core';
import { checkStringList } from './query-keys';

/** A filter over tools, usable with `Array.prototype.filter`. */
export type ToolPredicate = (tool: AnyTool) => boolean;

function lowered(tags: readonly string[], where: string): Set<string> {
  return new Set(checkStringList(tags, where).map((tag) => tag.toLowerCase()));
}

function toolTags(tool: AnyTool): readonly string[] {
  return tool.configuration.tags;
}

/**
 * Matches tools that have every one of `tags` (case-insensitive). An empty list matches every tool.
 *
 * @example
 * ```ts
 * const fastMath = toolbox.tools().filter(tagsMatchAll(['math', 'fast']));
 * ```
 */
export function tagsMatchAll(tags: readonly string[]): ToolPredicate {
  const wanted = lowered(tags, 'tagsMatchAll(tags)');
  if (wanted.size === 0) return () => true;
  return (tool) => {
    let found = 0;
    for (const tag of new Set(toolTags(tool).map((value) => value.toLowerCase())))
      if (wanted.has(tag)) found++;
    return found === wanted.size;
  };
}

/**
 * Matches tools that have at least one of `tags` (case-insensitive). An empty list matches every tool.
 *
 * @example
 * ```ts
 * const messaging = toolbox.tools().filter(tagsMatchAny(['email', 'sms']));
 * ```
 */
export function tagsMatchAny(tags: readonly string[]): ToolPredicate {
  const wanted = lowered(tags, 'tagsMatchAny(tags)');
  if (wanted.size === 0) return () => true;
  return (tool) => toolTags(tool).some((tag) => wanted.has(tag.toLowerCase()));
}

/**
 * Matches tools that have none of `tags` (case-insensitive). An empty list matches every tool.
 *
 * @example
 * ```ts
 * const safe = toolbox.tools().filter(tagsMatchNone(['dangerous', 'untrusted-output']));
 * ```
 */
export function tagsMatchNone(tags: readonly string[]): ToolPredicate {
  const unwanted = lowered(tags, 'tagsMatchNone(tags)');
  if (unwanted.size === 0) return () => true;
  return (tool) => !toolTags(tool).some((tag) => unwanted.has(tag.toLowerCase()));
}
