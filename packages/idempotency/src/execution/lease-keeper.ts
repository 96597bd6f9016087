import { isPromiseLike } from '../cache/exclusive';
import type { ToolResultCache } from '../cache/types';

/** An attempt whose implementation is running: what renewing its lease needs. */
export interface RunningAttempt {
  readonly key: string;
  readonly attemptId: string;
  readonly leaseDeadlineAt: number;
}

/**
 * Renews the leases of the running attempts of one wrapper with a single timer that stops when nothing
 * runs. A renewal never passes an attempt's absolute deadline; once there (or once the attempt was
 * fenced out) the attempt is dropped and its lease runs out.
 */
export class LeaseKeeper {
  readonly #running = new Set<RunningAttempt>();
  readonly #cache: ToolResultCache;
  readonly #now: () => number;
  readonly #leaseMs: number;
  #timer: ReturnType<typeof setInterval> | undefined = undefined;

  constructor(cache: ToolResultCache, now: () => number, leaseMs: number) {
    this.#cache = cache;
    this.#now = now;
    this.#leaseMs = leaseMs;
  }

  get size(): number {
    return this.#running.size;
  }

  add(attempt: RunningAttempt): void {
    this.#running.add(attempt);
    if (this.#timer !== undefined) return;
    const timer = setInterval(() => this.renew(), Math.max(1, Math.floor(this.#leaseMs / 3)));
    (timer as { unref?: () => void }).unref?.();
    this.#timer = timer;
  }

  delete(attempt: RunningAttempt): void {
    this.#running.delete(attempt);
  }

  /** One round of renewals (the timer's tick; exposed for tests). */
  renew(): void {
    if (this.#running.size === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    const now = this.#now();
    for (const attempt of this.#running) {
      if (now >= attempt.leaseDeadlineAt) {
        this.#running.delete(attempt);
        continue;
      }
      const drop = (renewed: boolean): void => {
        if (!renewed) this.#running.delete(attempt);
      };
      try {
        const renewed = this.#cache.renewStarted(attempt.key, attempt.attemptId, now + this.#leaseMs);
        // A store error keeps the attempt: the next tick tries again.
        if (isPromiseLike<boolean>(renewed)) renewed.then(drop, () => {});
        else drop(renewed);
      } catch {
        // Same: a failing store is retried on the next tick.
      }
    }
  }
}
