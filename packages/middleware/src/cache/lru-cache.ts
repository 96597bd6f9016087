interface Entry<T> {
  readonly value: T;
  readonly expiresAt: number;
}

/**
 * A bounded map with time-to-live: reading an entry makes it the most recently used, and inserting
 * past `maxEntries` evicts the least recently used one (a `Map` keeps insertion order, so the first key
 * is always the least recently used). Expired entries are dropped when read.
 */
export class LruCache<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    readonly now: () => number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): { readonly value: T } | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, value: T): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
