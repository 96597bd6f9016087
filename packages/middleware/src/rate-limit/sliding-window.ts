/**
 * An exact sliding-window log: the times of the last `limit` admitted calls in a ring. A call is admitted
 * when fewer than `limit` calls were admitted in the last `windowMs`; otherwise it learns how long until
 * the oldest of them leaves the window. O(1) per call, at most `limit` numbers of memory, no timers.
 */
export class SlidingWindow {
  readonly #times: number[] = [];
  #oldest = 0;
  #latest = Number.NEGATIVE_INFINITY;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Admits a call at `now` (returns 0) or returns the milliseconds to wait (at least 1). */
  tryAcquire(now: number): number {
    const times = this.#times;
    if (times.length < this.limit) {
      times.push(now);
      this.#latest = now;
      return 0;
    }
    const oldest = times[this.#oldest] as number;
    const elapsed = now - oldest;
    if (elapsed >= this.windowMs) {
      times[this.#oldest] = now;
      this.#oldest = (this.#oldest + 1) % this.limit;
      this.#latest = now;
      return 0;
    }
    // A clock that went backwards never asks for more than one window.
    return Math.min(this.windowMs, Math.max(1, Math.ceil(this.windowMs - elapsed)));
  }

  /** True when no admitted call is inside the window any more (the log can be dropped). */
  idle(now: number): boolean {
    return now - this.#latest >= this.windowMs;
  }
}
