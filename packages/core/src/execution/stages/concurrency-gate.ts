import type { CallState } from '../call-state';

/**
 * A per-tool concurrency limit (`metadata.concurrency`): a FIFO queue, never a rejection. Holds across
 * every concurrent `execute` of the toolbox the tool is registered with.
 */
export class ConcurrencyGate {
  inUse = 0;
  readonly #queue: { state: CallState; resolve: (acquired: boolean) => void }[] = [];

  constructor(readonly limit: number) {}

  get queued(): number {
    return this.#queue.length;
  }

  /** Position (1-based) of a queued execution, or 0. */
  positionOf(state: CallState): number {
    return this.#queue.findIndex((entry) => entry.state === state) + 1;
  }

  /** True when a slot was taken at once; otherwise a promise of whether one was (false: cancelled). */
  acquire(state: CallState): true | Promise<boolean> {
    if (this.inUse < this.limit) {
      this.inUse++;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      this.#queue.push({ state, resolve });
    });
  }

  /** Removes a cancelled execution from the queue. */
  leave(state: CallState): void {
    const index = this.#queue.findIndex((entry) => entry.state === state);
    if (index === -1) return;
    const [entry] = this.#queue.splice(index, 1);
    entry?.resolve(false);
  }

  release(): void {
    const next = this.#queue.shift();
    if (next === undefined) this.inUse--;
    else next.resolve(true);
  }
}
