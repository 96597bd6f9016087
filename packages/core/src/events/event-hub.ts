import type { ListenerOptions, Unsubscribe } from './types';

type Listener = (event: never) => void;

/** One registration: the listener as given, what runs on emit (a `once` wrapper), and its removal. */
interface Entry {
  readonly listener: Listener;
  readonly run: Listener;
  readonly remove: Unsubscribe;
}

/**
 * A small, allocation-free-when-idle event emitter. Listener arrays are copy-on-write so that emitting
 * while listeners are added or removed is safe, and `size` lets the hot path skip building events
 * nobody listens to.
 */
export class EventHub {
  // Allocated on first use: most tools never get a listener, and a registry may hold thousands of them.
  #map: Map<string, readonly Entry[]> | undefined;
  /** Number of registered listeners across all types. */
  size = 0;

  has(type: string): boolean {
    return this.size !== 0 && this.#map?.has(type) === true;
  }

  add(type: string, listener: Listener, options?: ListenerOptions): Unsubscribe {
    if (typeof listener !== 'function') throw new TypeError(`Listener for "${type}" must be a function.`);
    if (options?.signal?.aborted) return noop;
    this.#map ??= new Map();
    const map = this.#map;
    let active = true;
    const remove = (): void => {
      const current = map.get(type);
      if (!active || current === undefined) return;
      active = false;
      const next = current.filter((item) => item !== entry);
      if (next.length === 0) map.delete(type);
      else map.set(type, next);
      this.size--;
    };
    const run = options?.once
      ? (((event: never) => {
          remove();
          listener(event);
        }) as Listener)
      : listener;
    const entry: Entry = { listener, run, remove };
    map.set(type, [...(map.get(type) ?? []), entry]);
    this.size++;
    options?.signal?.addEventListener('abort', remove, { once: true });
    return remove;
  }

  /** Removes the earliest registration of `listener` for `type`. */
  remove(type: string, listener: Listener): void {
    this.#map
      ?.get(type)
      ?.find((entry) => entry.listener === listener)
      ?.remove();
  }

  emit(type: string, event: unknown): void {
    const entries = this.#map?.get(type);
    if (entries === undefined) return;
    for (const entry of entries) {
      try {
        const returned = (entry.run as (event: unknown) => unknown)(event);
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
