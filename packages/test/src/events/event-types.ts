import type { ToolboxEventMap, ToolEventMap } from '@armorer/core';

/** Every per-call event type, fired on tools and bubbled to toolboxes. */
const CALL_EVENT_TYPES = [
  'execute-start',
  'validate-success',
  'validate-error',
  'policy-denied',
  'execute-success',
  'execute-error',
  'settled',
  'progress',
  'log',
  'status-update',
  'status:update',
  'cancelled',
  'tool.started',
  'tool.finished',
  'stream-start',
  'stream-chunk',
  'stream-end',
  'stream-error',
  'output-chunk',
] as const;

/**
 * Every event type a toolbox fires.
 *
 * @example
 * ```ts
 * const recorder = recordEvents(toolbox, TOOLBOX_EVENT_TYPES.filter((type) => type.startsWith('stream')));
 * ```
 */
export const TOOLBOX_EVENT_TYPES = Object.freeze([
  ...CALL_EVENT_TYPES,
  'complete',
  'error',
  'call',
  'not-found',
  'budget-exceeded',
  'loop-warning',
  'warning',
  'loop-blocked',
  'name-resolved',
  'grant.used',
  'query',
  'search',
] as const satisfies readonly (keyof ToolboxEventMap)[]);

/**
 * Every event type a tool fires.
 *
 * @example
 * ```ts
 * const recorder = recordEvents(tool, TOOL_EVENT_TYPES);
 * ```
 */
export const TOOL_EVENT_TYPES = Object.freeze([
  ...CALL_EVENT_TYPES,
  'policy-action-required',
] as const satisfies readonly (keyof ToolEventMap)[]);
