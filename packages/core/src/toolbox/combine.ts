import { APPROVAL_SETTINGS } from '../approval/approval-settings';
import { ToolboxError } from '../errors/armorer-error';
import { ToolboxImpl } from './create-toolbox';
import { getToolboxInternals, isToolbox } from './internals';
import type { AnyToolbox, MergedContext, Toolbox, ToolboxOptions, ToolsOfToolboxes } from './types';

/**
 * The options `combineToolboxes` forwards from the first toolbox: approval gating, toolbox identity and
 * enforcement. `middleware` (already applied to every configuration) and `signal` (it would tie the
 * combined toolbox to a listener it could never detach) are deliberately excluded.
 */
export const FORWARDED_TOOLBOX_OPTIONS = Object.freeze([
  'policy',
  'policyContext',
  'approvalPolicy',
  'approvalSecret',
  'approvalKeys',
  'approvalMaxArgumentsBytes',
  'approvalStateStore',
  'grantStateStore',
  'approvalBindingTtlMs',
  'approvalNow',
  'approvalNonce',
  'policyRevision',
  'approvalRevision',
  'toolboxRevision',
  'readOnly',
  'allowMutation',
  'allowDangerous',
] as const satisfies readonly (keyof ToolboxOptions)[]);

function internalsOf(toolbox: unknown) {
  const internals = isToolbox(toolbox) ? getToolboxInternals(toolbox) : undefined;
  if (internals === undefined) {
    throw new ToolboxError({
      code: 'INVALID_TOOL',
      message: 'Expected a toolbox created by createToolbox().',
    });
  }
  return internals;
}

/**
 * Combines toolboxes into a new one: all tools, contexts shallow-merged (last wins), and the first
 * toolbox's approval, identity and enforcement options. None of the inputs change.
 *
 * @example
 * ```ts
 * const combined = combineToolboxes(base, adminTools);
 * combined.context; // { region: 'us-east-1', role: 'admin' }
 * ```
 */
export function combineToolboxes<const TToolboxes extends readonly AnyToolbox[]>(
  ...toolboxes: TToolboxes
): Toolbox<ToolsOfToolboxes<TToolboxes>, MergedContext<TToolboxes>> {
  const first = toolboxes[0];
  const forwarded: Record<string, unknown> = {};
  if (first !== undefined) {
    const options = internalsOf(first).options as Record<string, unknown>;
    for (const key of FORWARDED_TOOLBOX_OPTIONS)
      if (options[key] !== undefined) forwarded[key] = options[key];
  }
  const context = Object.assign({}, ...toolboxes.map((toolbox) => internalsOf(toolbox) && toolbox.context));
  // The first toolbox's approval settings are shared, not rebuilt: the same key and default stores.
  const settings =
    first === undefined
      ? undefined
      : (internalsOf(first).options as { [APPROVAL_SETTINGS]?: unknown })[APPROVAL_SETTINGS];
  if (settings !== undefined) forwarded[APPROVAL_SETTINGS as unknown as string] = settings;
  const combined = new ToolboxImpl({ ...forwarded, context });
  for (const toolbox of toolboxes) combined.adoptFrom(toolbox);
  return combined as unknown as Toolbox<ToolsOfToolboxes<TToolboxes>, MergedContext<TToolboxes>>;
}

/**
 * @deprecated Use {@link combineToolboxes}.
 */
export const combineToolbox: typeof combineToolboxes = combineToolboxes;
