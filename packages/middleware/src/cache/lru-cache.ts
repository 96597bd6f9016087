interface Entry<T> {
  readonly value: T;
  readonly expiresAt: number;
  readonly bytes: number;
}

/**
 * A bounded map with time-to-live: reading an entry makes it the most recently used, and inserting
 * past `maxEntries` entries or `maxBytes` bytes (the sizes the caller states) evicts the least recently
 * used ones (a `Map` keeps insertion order, so the first key is always the least recently used). Expired
 * entries are dropped when read. An entry larger than `maxBytes` on its own is not stored.
 */
export class LruCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    readonly now: () => number,
    readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes of the stored entries, as stated when they were set. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): { readonly value: T } | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, value: T, bytes = 0): void {
    this.#drop(key);
    if (bytes > this.maxBytes) return;
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#drop(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
