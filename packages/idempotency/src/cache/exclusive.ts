/** Operations in flight per store object and key: only asynchronous stores ever register one. */
const inFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/** True for promises and other thenables. */
export function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as PromiseLike<T>).then === 'function'
  );
}

/** True while an operation on `key` of `store` is in flight. */
export function hasInFlight(store: object, key: string): boolean {
  return inFlight.get(store)?.has(key) === true;
}

/**
 * Runs `operation` on `key` of `store` after any operation on the same key and store still in flight.
 * A synchronous store never has one in flight, so its operations run at once and stay synchronous.
 */
export function exclusive<T>(store: object, key: string, operation: () => T | Promise<T>): T | Promise<T> {
  const pending = inFlight.get(store)?.get(key);
  if (pending === undefined) {
    const result = operation();
    if (!isPromiseLike(result)) return result;
    const promise = Promise.resolve(result);
    track(store, key, promise);
    return promise;
  }
  const next = pending.then(operation, operation);
  track(store, key, next);
  return next;
}

function track(store: object, key: string, promise: Promise<unknown>): void {
  let perStore = inFlight.get(store);
  if (perStore === undefined) {
    perStore = new Map();
    inFlight.set(store, perStore);
  }
  perStore.set(key, promise);
  const map = perStore;
  const clear = (): void => {
    if (map.get(key) === promise) map.delete(key);
  };
  promise.then(clear, clear);
}
