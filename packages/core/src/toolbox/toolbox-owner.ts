import type { ApprovalRuntime } from '../approval/approval-runtime';
import { APPROVAL_SETTINGS, ApprovalSettings } from '../approval/approval-settings';
import { ToolboxError } from '../errors/armorer-error';
import type { EventHub } from '../events/event-hub';
import type { ExecutionTracker } from '../execution/lifetime/tracker';
import type { ExecutionOwner, Registration } from '../execution/registration';
import type { ToolboxOptions } from './types';

/** Refuses toolbox options that are not an object, or whose `context` is not one. */
export function checkToolboxOptions(options: unknown): asserts options is ToolboxOptions<object> {
  if (typeof options !== 'object' || options === null) {
    throw new ToolboxError({
      code: 'INVALID_TOOLBOX_OPTIONS',
      message: 'createToolbox() options must be an object.',
    });
  }
  const readOnly = (options as ToolboxOptions<object>).readOnly;
  if (readOnly !== undefined && typeof readOnly !== 'boolean' && readOnly !== 'declared') {
    throw new ToolboxError({
      code: 'INVALID_TOOLBOX_OPTIONS',
      message: `Toolbox option readOnly must be true, false or 'declared', got ${JSON.stringify(readOnly) ?? String(readOnly)}.`,
    });
  }
  const context = (options as ToolboxOptions<object>).context;
  if (context !== undefined && (typeof context !== 'object' || context === null)) {
    throw new ToolboxError({
      code: 'INVALID_TOOLBOX_OPTIONS',
      message: 'Toolbox context must be an object.',
    });
  }
}

/**
 * The approval settings of a toolbox's options, and the options with those settings recorded, so that
 * `extend` and `combineToolboxes` share them (one runtime: one key, the same default stores) instead of
 * minting new ones.
 */
export function resolveApproval(options: ToolboxOptions<object>): {
  readonly approval: ApprovalSettings | undefined;
  readonly resolved: ToolboxOptions<object>;
} {
  const approval = ApprovalSettings.from(options);
  if (approval === undefined) return { approval, resolved: options };
  return { approval, resolved: { ...options, [APPROVAL_SETTINGS]: approval } as ToolboxOptions<object> };
}

/** The execution owner of a toolbox: what every call of its tools reads from its owner. */
export function createToolboxOwner(
  options: ToolboxOptions<object>,
  parts: {
    readonly emitter: EventHub;
    readonly tracker: ExecutionTracker;
    readonly registrations: ReadonlyMap<string, Registration>;
    readonly context: Readonly<Record<string, unknown>>;
    readonly approval: ApprovalSettings | undefined;
  },
): ExecutionOwner {
  const { registrations } = parts;
  return {
    emitter: parts.emitter,
    tracker: parts.tracker,
    revisions: {
      toolboxRevision: options.toolboxRevision,
      policyRevision: options.policyRevision,
      approvalRevision: options.approvalRevision,
    },
    catalogRevision: () => registrations.size,
    context: parts.context,
    policy: options.policy,
    policyContext: options.policyContext,
    readOnly: options.readOnly === 'declared' ? 'declared' : options.readOnly === true,
    allowMutation: options.allowMutation !== false,
    allowDangerous: options.allowDangerous !== false,
    telemetry: options.telemetry === true,
    observer: undefined,
    approvalSettings: parts.approval,
    get approval(): ApprovalRuntime | undefined {
      return parts.approval?.runtime;
    },
  };
}
