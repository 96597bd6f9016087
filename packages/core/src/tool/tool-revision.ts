import { definitionRevision } from '../execution/definition-revision';
import type { AnyTool } from './types';

/**
 * The full revision of a tool: a digest of its serialized definition (name, description, tags, metadata,
 * input schema). It changes whenever what a model or a policy sees of the tool changes; stores that key
 * state by tool (idempotency results, approvals) include it so a changed tool never reuses old state.
 * A tool registered through toolbox middleware has the revision of its transformed definition.
 *
 * @example
 * ```ts
 * const revision = getToolRevision(toolbox.getTool('charge-card')!); // 'tooldef_…'
 * ```
 */
export function getToolRevision(tool: AnyTool): string {
  const configuration = (tool as Partial<AnyTool> | null | undefined)?.configuration;
  if (typeof configuration !== 'object' || configuration === null) {
    throw new TypeError('getToolRevision() expects a tool made by createTool().');
  }
  return definitionRevision(configuration);
}
