import type { EventHub } from '../events/event-hub';
import type { ExecutionOwner, Registration } from '../execution/registration';
import type { ToolboxOptions } from './types';

/** What composition needs from a toolbox and what must never be readable from its public surface. */
export interface ToolboxInternals {
  readonly options: ToolboxOptions<object>;
  readonly registrations: ReadonlyMap<string, Registration>;
  readonly emitter: EventHub;
  /** What every call through this toolbox runs under (its observer slot is set by satellites). */
  readonly owner: ExecutionOwner;
}

const internals = new WeakMap<object, ToolboxInternals>();

/** @internal */
export function setToolboxInternals(toolbox: object, value: ToolboxInternals): void {
  internals.set(toolbox, value);
}

/** @internal */
export function getToolboxInternals(toolbox: object): ToolboxInternals | undefined {
  return internals.get(toolbox);
}

const TOOLBOX_MARKER = Symbol.for('armorer.toolbox');

/** @internal */
export function markToolbox(toolbox: object): void {
  Object.defineProperty(toolbox, TOOLBOX_MARKER, { value: true });
}

/**
 * Type guard for toolboxes, working across duplicate installs.
 *
 * @example
 * ```ts
 * if (isToolbox(value)) await value.execute(call);
 * ```
 */
export function isToolbox(value: unknown): value is import('./types').Toolbox {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TOOLBOX_MARKER] === true
  );
}
