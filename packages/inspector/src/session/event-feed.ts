import type { Toolbox, ToolboxEventMap, ToolResult } from '@armorer/core';
import type { EventView } from '../protocol';
import { previewValue } from '../render/preview-value';

/**
 * The toolbox events the page shows, in the order the toolbox fires them. `output-chunk` duplicates
 * `stream-chunk`, and the toolbox-wide `query`/`search` events would echo the page's own searches.
 */
export const FEED_EVENTS = [
  'call',
  'name-resolved',
  'not-found',
  'budget-exceeded',
  'loop-warning',
  'loop-blocked',
  'execute-start',
  'validate-success',
  'validate-error',
  'grant.used',
  'policy-denied',
  'tool.started',
  'progress',
  'log',
  'status-update',
  'status:update',
  'stream-start',
  'stream-chunk',
  'stream-end',
  'stream-error',
  'execute-success',
  'execute-error',
  'cancelled',
  'tool.finished',
  'settled',
  'complete',
  'error',
] as const satisfies readonly (keyof ToolboxEventMap)[];

type FeedEvent = ToolboxEventMap[(typeof FEED_EVENTS)[number]];

/** The bounds of one event's detail on the page. */
const DETAIL_LIMITS = { maxString: 1_000, maxItems: 50, maxChars: 16_000, maxDepth: 6 };

/**
 * Listens to the toolbox's events and hands each to `emit` as a sanitized, bounded view. `settled`
 * events are also handed to `settled`, with the full result (the approvals queue reads them).
 */
export function followEvents(
  toolbox: Pick<Toolbox, 'addEventListener'>,
  emit: (event: EventView) => void,
  settled: (result: ToolResult, executionId: string) => void,
): () => void {
  let seq = 0;
  const listener = (event: FeedEvent) => {
    seq++;
    const scoped = event as Partial<{ toolName: string; callId: string; executionId: string }>;
    const view: { -readonly [K in keyof EventView]: EventView[K] } = {
      seq,
      type: event.type,
      timestamp: event.timestamp,
      detail: previewValue(event.detail, DETAIL_LIMITS),
    };
    if (typeof scoped.toolName === 'string') view.toolName = scoped.toolName;
    if (typeof scoped.callId === 'string') view.callId = scoped.callId;
    if (typeof scoped.executionId === 'string') view.executionId = scoped.executionId;
    if (event.type === 'settled') settled(event.detail.result, event.executionId);
    emit(view);
  };
  const stops = FEED_EVENTS.map((type) =>
    toolbox.addEventListener(type, listener as (event: ToolboxEventMap[typeof type]) => void),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
