import type { ListenerOptions, Unsubscribe } from './types';

type Listener = (event: never) => void;

/**
 * A small, allocation-free-when-idle event emitter. Listener arrays are copy-on-write so that emitting
 * while listeners are added or removed is safe, and `size` lets the hot path skip building events
 * nobody listens to.
 */
export class EventHub {
  // Allocated on first use: most tools never get a listener, and a registry may hold thousands of them.
  #map: Map<string, readonly Listener[]> | undefined;
  get #listeners(): Map<string, readonly Listener[]> {
    if (this.#map === undefined) this.#map = new Map();
    return this.#map;
  }
  /** Number of registered listeners across all types. */
  size = 0;

  has(type: string): boolean {
    return this.size !== 0 && this.#listeners.has(type);
  }

  add(type: string, listener: Listener, options?: ListenerOptions): Unsubscribe {
    if (typeof listener !== 'function') throw new TypeError(`Listener for "${type}" must be a function.`);
    if (options?.signal?.aborted) return noop;
    let active = true;
    const wrapped: Listener = options?.once
      ? (((event: never) => {
          remove();
          listener(event);
        }) as Listener)
      : listener;
    const remove = (): void => {
      if (!active) return;
      active = false;
      const current = this.#listeners.get(type);
      if (current === undefined) return;
      const index = current.indexOf(wrapped);
      if (index === -1) return;
      const next = current.filter((_, position) => position !== index);
      if (next.length === 0) this.#listeners.delete(type);
      else this.#listeners.set(type, next);
      this.size--;
    };
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), wrapped]);
    this.size++;
    this.#originals.set(listener, [...(this.#originals.get(listener) ?? []), { type, remove }]);
    options?.signal?.addEventListener('abort', remove, { once: true });
    return remove;
  }

  #originalsMap: WeakMap<Listener, { type: string; remove: Unsubscribe }[]> | undefined;
  get #originals(): WeakMap<Listener, { type: string; remove: Unsubscribe }[]> {
    if (this.#originalsMap === undefined) this.#originalsMap = new WeakMap();
    return this.#originalsMap;
  }

  remove(type: string, listener: Listener): void {
    const entries = this.#originals.get(listener);
    const entry = entries?.find((candidate) => candidate.type === type);
    if (entry === undefined || entries === undefined) return;
    entries.splice(entries.indexOf(entry), 1);
    entry.remove();
  }

  emit(type: string, event: unknown): void {
    const listeners = this.#map?.get(type);
    if (listeners === undefined) return;
    for (const listener of listeners) {
      try {
        const returned = (listener as (event: unknown) => unknown)(event);
        if (
          returned !== null &&
          typeof returned === 'object' &&
          typeof (returned as Promise<unknown>).then === 'function'
        ) {
          (returned as Promise<unknown>).then(undefined, (error: unknown) =>
            reportListenerError(type, error),
          );
        }
      } catch (error) {
        reportListenerError(type, error);
      }
    }
  }

  once(type: string, signal?: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const remove = this.add(
        type,
        ((event: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(event);
        }) as Listener,
        { once: true },
      );
      const onAbort = (): void => {
        remove();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

const noop: Unsubscribe = () => {};

/** A throwing listener must never break the call that emitted the event; it is reported instead. */
function reportListenerError(type: string, error: unknown): void {
  console.error(`[armorer] a listener of "${type}" threw:`, error);
}
