import type { ToolboxEventMap, ToolEventMap, Unsubscribe } from '@armorer/core';
import { TOOL_EVENT_TYPES, TOOLBOX_EVENT_TYPES } from './event-types';

/** What {@link recordEvents} listens on: a toolbox. */
export interface ToolboxEventSource {
  names(): readonly string[];
  addEventListener<K extends keyof ToolboxEventMap>(
    type: K,
    listener: (event: ToolboxEventMap[K]) => void,
  ): Unsubscribe;
}

/** What {@link recordEvents} listens on: a tool. */
export interface ToolEventSource {
  readonly schema: unknown;
  addEventListener<K extends keyof ToolEventMap>(
    type: K,
    listener: (event: ToolEventMap[K]) => void,
  ): Unsubscribe;
}

/** Events recorded from a toolbox or tool, in the order they fired. */
export interface EventRecorder<TMap, TType extends keyof TMap> {
  /** Every recorded event, oldest first. */
  readonly events: readonly TMap[TType][];
  /** The recorded events of one type. */
  of<K extends TType>(type: K): readonly TMap[K][];
  /** The types of the recorded events, in order: handy for asserting a sequence. */
  types(): readonly TType[];
  /** Forgets the recorded events (keeps listening). */
  clear(): void;
  /** Stops listening. */
  stop(): void;
}

/**
 * Records the events a toolbox (or a tool) fires, for assertions in tests. Listens to `types`, or to
 * every event type by default; call `stop()` when done.
 *
 * @example
 * ```ts
 * const recorder = recordEvents(toolbox, ['execute-start', 'execute-success', 'settled']);
 * await toolbox.execute({ name: 'weather', arguments: {} });
 * expect(recorder.types()).toEqual(['execute-start', 'execute-success', 'settled']);
 * recorder.stop();
 * ```
 */
export function recordEvents<K extends keyof ToolboxEventMap = keyof ToolboxEventMap>(
  toolbox: ToolboxEventSource,
  types?: readonly K[],
): EventRecorder<ToolboxEventMap, K>;
export function recordEvents<K extends keyof ToolEventMap = keyof ToolEventMap>(
  tool: ToolEventSource,
  types?: readonly K[],
): EventRecorder<ToolEventMap, K>;
export function recordEvents(
  target: ToolboxEventSource | ToolEventSource,
  types?: readonly string[],
): unknown {
  if (typeof target?.addEventListener !== 'function') {
    throw new TypeError('recordEvents() expects a toolbox or a tool.');
  }
  const isToolbox = typeof (target as Partial<ToolboxEventSource>).names === 'function';
  const listened = types ?? (isToolbox ? TOOLBOX_EVENT_TYPES : TOOL_EVENT_TYPES);
  if (!Array.isArray(listened) || listened.some((type) => typeof type !== 'string')) {
    throw new TypeError('recordEvents() expects an array of event type names.');
  }
  const events: { readonly type: string }[] = [];
  const add = target.addEventListener as (
    type: string,
    listener: (event: { readonly type: string }) => void,
  ) => Unsubscribe;
  const unsubscribes = [...new Set(listened)].map((type) =>
    add.call(target, type, (event) => events.push(event)),
  );
  const recorder: EventRecorder<Record<string, { readonly type: string }>, string> = {
    events,
    of: (type: string) => events.filter((event) => event.type === type),
    types: () => events.map((event) => event.type),
    clear: () => {
      events.length = 0;
    },
    stop: () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
  return recorder;
}
