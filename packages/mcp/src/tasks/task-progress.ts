import type { ToolboxEventMap } from '@armorer/core';
import type { LocalRun } from './task-leases';
import type { TaskRunner } from './task-runner';

/** Where a running call's progress events go. */
export type ProgressSink = (event: ToolboxEventMap['progress']) => void;

/**
 * Writes a running task's progress to the store: at most one write in flight, the latest progress
 * wins, and writes are spaced by half the polling interval.
 */
export class ProgressWriter {
  #latest: { percent?: number; message?: string } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing = false;
  #stopped = false;
  #last = 0;

  constructor(
    private readonly runner: TaskRunner,
    private readonly run: LocalRun,
  ) {}

  readonly sink: ProgressSink = (event) => {
    const { percent, message } = event.detail;
    this.#latest = {
      ...(typeof percent === 'number' && percent >= 0 && percent <= 100 ? { percent } : {}),
      ...(typeof message === 'string' ? { message: message.slice(0, 1000) } : {}),
    };
    this.#schedule();
  };

  #schedule(): void {
    if (this.#stopped || this.#writing || this.#timer !== undefined || this.#latest === undefined) return;
    const wait = Math.max(0, this.#last + this.runner.settings.pollIntervalMs / 2 - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#write();
    }, wait);
  }

  async #write(): Promise<void> {
    const progress = this.#latest;
    if (this.#stopped || progress === undefined) return;
    this.#latest = undefined;
    this.#writing = true;
    this.#last = Date.now();
    try {
      await this.runner.settings.store.progress(this.run.key, this.runner.owner, progress, this.#last);
    } catch {
      // Progress is advisory: a failed write is replaced by the next one.
    } finally {
      this.#writing = false;
      this.#schedule();
    }
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}
