import { createToolError, ToolFailureError } from '@armorer/core';

/** The longest delay a timer accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The time budget of one tool call, plus the call's abort signal. `check()` ends the call between steps;
 * `onExpire` runs work that must stop at once when the budget runs out (terminating a matcher worker).
 */
export class CallBudget {
  readonly #deadline: number;
  readonly #timeoutMs: number;
  readonly #signal: AbortSignal | undefined;
  readonly #hint: string;
  #expired = false;

  constructor(options: { readonly timeoutMs: number; readonly signal?: AbortSignal; readonly hint: string }) {
    this.#timeoutMs = options.timeoutMs;
    this.#deadline = performance.now() + options.timeoutMs;
    this.#signal = options.signal;
    this.#hint = options.hint;
  }

  /** Whether the time budget ran out (a watchdog fired or `check()` saw it). */
  get expired(): boolean {
    return this.#expired || performance.now() >= this.#deadline;
  }

  /** The error that ends a call whose budget ran out. */
  timeoutError(): ToolFailureError {
    this.#expired = true;
    return new ToolFailureError(
      createToolError('TIMEOUT', `The call did not finish within ${this.#timeoutMs} ms. ${this.#hint}`, {
        details: { timeoutMs: this.#timeoutMs },
        retryable: false,
      }),
    );
  }

  /** Throws when the budget ran out or the call was aborted. */
  check(): void {
    this.#signal?.throwIfAborted();
    if (this.expired) throw this.timeoutError();
  }

  /**
   * Runs `stop` once when the budget runs out or the call is aborted, whichever comes first, until the
   * returned function is called.
   */
  onExpire(stop: () => void): () => void {
    let done = false;
    const fire = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.#signal?.removeEventListener('abort', fire);
      stop();
    };
    // Timers take at most 2^31 - 1 ms (a longer delay fires at once): a longer budget re-arms until its end.
    const arm = (): ReturnType<typeof setTimeout> =>
      setTimeout(
        () => {
          if (performance.now() < this.#deadline) {
            timer = arm();
            return;
          }
          this.#expired = true;
          fire();
        },
        Math.min(MAX_TIMER_MS, Math.max(0, this.#deadline - performance.now())),
      );
    let timer = arm();
    this.#signal?.addEventListener('abort', fire, { once: true });
    return () => {
      done = true;
      clearTimeout(timer);
      this.#signal?.removeEventListener('abort', fire);
    };
  }
}
