import type { Toolbox, ToolboxEventMap, Unsubscribe } from '@armorer/core';

type ProgressEvent = ToolboxEventMap['progress'];
type ProgressSink = (event: ProgressEvent) => void;

/**
 * Routes a toolbox's `progress` events to the MCP request that asked for progress, by call id. A
 * toolbox has a listener only while one of its calls wants progress, so calls without a progress token
 * pay nothing (no event objects are built when nobody listens). Calls still running on a replaced
 * toolbox keep their route.
 */
export class ProgressRouter {
  readonly #sinks = new Map<string, ProgressSink>();
  readonly #listeners = new Map<Toolbox, { unsubscribe: Unsubscribe; routes: number }>();

  readonly #dispatch = (event: ProgressEvent): void => {
    this.#sinks.get(event.callId)?.(event);
  };

  /** Sends the progress of `callId` on `toolbox` to `sink` until the returned function is called. */
  route(toolbox: Toolbox, callId: string, sink: ProgressSink): () => void {
    this.#sinks.set(callId, sink);
    let listener = this.#listeners.get(toolbox);
    if (listener === undefined) {
      listener = { unsubscribe: toolbox.addEventListener('progress', this.#dispatch), routes: 0 };
      this.#listeners.set(toolbox, listener);
    }
    listener.routes++;
    const owned = listener;
    return () => {
      this.#sinks.delete(callId);
      if (--owned.routes === 0) {
        owned.unsubscribe();
        this.#listeners.delete(toolbox);
      }
    };
  }
}
