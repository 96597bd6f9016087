import type { TaskKey, TaskStateStore } from '@armorer/idempotency';

/** A task this instance runs now. */
export interface LocalRun {
  readonly key: TaskKey;
  /** The revision this run holds: the one its own create or transition wrote. */
  revision: number;
  readonly controller: AbortController;
  /** Aborted because someone cancelled the task: it ends `cancelled`. */
  cancelled: boolean;
  /** Fenced out (another instance took the task over) or the server is closing: it writes nothing more. */
  abandoned: boolean;
  /** Settles when the run has ended and written what it had to. */
  done: Promise<void>;
}

/**
 * Keeps this instance's hold on the tasks it runs: one timer renews every lease each third of `leaseMs`,
 * and reads in the same step whether someone asked to cancel. A run whose renewal is refused was taken
 * over (or ended) elsewhere: it is abandoned (aborted, and writes nothing). The timer runs only while a
 * task does, and never keeps the process alive.
 */
export class TaskLeases {
  readonly #runs = new Map<string, LocalRun>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly store: TaskStateStore,
    private readonly owner: string,
    private readonly leaseMs: number,
  ) {}

  get size(): number {
    return this.#runs.size;
  }

  get(taskId: string): LocalRun | undefined {
    return this.#runs.get(taskId);
  }

  values(): IterableIterator<LocalRun> {
    return this.#runs.values();
  }

  add(run: LocalRun): void {
    this.#runs.set(run.key.taskId, run);
    if (this.#timer !== undefined) return;
    const timer = setInterval(() => this.renew(), Math.max(1, Math.floor(this.leaseMs / 3)));
    (timer as { unref?: () => void }).unref?.();
    this.#timer = timer;
  }

  delete(run: LocalRun): void {
    if (this.#runs.get(run.key.taskId) === run) this.#runs.delete(run.key.taskId);
    if (this.#runs.size === 0) this.stop();
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** One round of renewals (the timer's tick). A store error keeps the run: the next tick tries again. */
  renew(): void {
    const now = Date.now();
    for (const run of this.#runs.values()) {
      Promise.resolve()
        .then(() => this.store.renew(run.key, this.owner, now + this.leaseMs, now))
        .then(
          (answer) => {
            if (!answer.renewed) {
              run.abandoned = true;
              run.controller.abort(new Error('Another instance took this task over.'));
            } else if (answer.cancelRequested && !run.cancelled) {
              run.cancelled = true;
              run.controller.abort(new Error('The task was cancelled.'));
            }
          },
          () => undefined,
        );
    }
  }
}
