/** The default of `maxConcurrentCallsPerSession`. */
export const DEFAULT_SESSION_CONCURRENCY = 32;

/**
 * What a server knows about one connection (a stdio or in-process connection, or a 2025 Streamable HTTP
 * session): how it is carried, its session id, and how many of its `tools/call` requests run now. A
 * 2026 HTTP request has no session; it gets a state of its own that no other request shares.
 */
export class SessionState {
  sessionId: string | undefined;
  #running = 0;

  constructor(
    /** `pipe` (stdio), `tcp` (HTTP), undefined (an in-process transport). */
    readonly transport: 'pipe' | 'tcp' | undefined,
    /** Most `tools/call` requests of this session running at once. */
    readonly limit: number,
  ) {}

  /** Calls of this session running now. */
  get running(): number {
    return this.#running;
  }

  /** Admits one call; false when the session already runs `limit` calls. */
  enter(): boolean {
    if (this.#running >= this.limit) return false;
    this.#running++;
    return true;
  }

  leave(): void {
    if (this.#running > 0) this.#running--;
  }
}

/** A valid `maxConcurrentCallsPerSession`, or a TypeError naming the bad value. */
export function sessionLimitOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_SESSION_CONCURRENCY;
  if (!(Number.isSafeInteger(value) && value >= 1)) {
    throw new TypeError(`maxConcurrentCallsPerSession must be a positive integer (got ${String(value)}).`);
  }
  return value;
}
