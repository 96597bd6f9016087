import { createToolError, ToolFailureError } from '@armorer/core';

/**
 * One call's deadline. The signal handed to the implementation is created only if the implementation
 * reads it; it follows the caller's signal and aborts with a `TimeoutError` when the deadline passes.
 * Expiry is driven by the {@link DeadlineQueue} the deadline belongs to, not by a timer per call.
 */
export class Deadline {
  /** `performance.now()` at which the call runs out of time. */
  readonly at: number;
  settled = false;
  expired = false;
  #controller: AbortController | undefined;
  #unlink: (() => void) | undefined;
  #onExpire: ((failure: ToolFailureError) => void) | undefined;

  constructor(
    readonly toolName: string,
    readonly timeoutMs: number,
    readonly parent: () => AbortSignal,
  ) {
    this.at = performance.now() + timeoutMs;
  }

  /** The implementation's signal: the caller's cancellation and this deadline, composed on first use. */
  get signal(): AbortSignal {
    if (this.#controller !== undefined) return this.#controller.signal;
    const controller = new AbortController();
    this.#controller = controller;
    if (this.expired) {
      controller.abort(this.#reason());
      return controller.signal;
    }
    const parent = this.parent();
    if (parent.aborted) controller.abort(parent.reason);
    else if (!this.settled) {
      const onAbort = (): void => controller.abort(parent.reason);
      parent.addEventListener('abort', onAbort, { once: true });
      this.#unlink = () => parent.removeEventListener('abort', onAbort);
    }
    return controller.signal;
  }

  /** Calls `listener` with the TIMEOUT failure if the deadline passes before the call settles. */
  onExpire(listener: (failure: ToolFailureError) => void): void {
    this.#onExpire = listener;
  }

  /** The error a call that ran out of time ends with. */
  failure(): ToolFailureError {
    return new ToolFailureError(
      createToolError('TIMEOUT', `Tool "${this.toolName}" did not finish within ${this.timeoutMs} ms.`, {
        details: { timeoutMs: this.timeoutMs },
      }),
    );
  }

  /** Called by the queue when the deadline passes. */
  expire(): void {
    if (this.settled || this.expired) return;
    this.expired = true;
    this.#unlink?.();
    this.#controller?.abort(this.#reason());
    this.#onExpire?.(this.failure());
  }

  /** The call is over: stop following the caller's signal. Idempotent. */
  settle(): void {
    if (this.settled) return;
    this.settled = true;
    this.#unlink?.();
  }

  #reason(): Error {
    const reason = new Error(`Tool "${this.toolName}" did not finish within ${this.timeoutMs} ms.`);
    reason.name = 'TimeoutError';
    return reason;
  }
}

/**
 * The deadlines of one duration, in the order they were set, which is also the order they expire in.
 * One timer serves the whole queue: it fires at the oldest live deadline, expires what is due and
 * re-arms for the next. Settled deadlines are skipped and compacted away, so memory follows the calls
 * in flight. Once every deadline has settled the timer stops holding the process open (`unref`), so a
 * script whose calls are done exits at once instead of when the last deadline would have passed.
 */
export class DeadlineQueue {
  #entries: Deadline[] = [];
  #head = 0;
  #settled = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The timer is armed but no deadline is live: it no longer holds the process (Bun, Node). */
  #idle = false;

  /** Whether the queue keeps a runtime's event loop alive: true exactly while some deadline is live. */
  get holdsProcess(): boolean {
    return this.#timer !== undefined && !this.#idle;
  }

  /** Entries kept, settled ones not yet compacted included. */
  get size(): number {
    return this.#entries.length - this.#head;
  }

  add(deadline: Deadline): void {
    this.#entries.push(deadline);
    if (this.#timer === undefined) this.#arm(deadline.at);
    else if (this.#idle) {
      this.#idle = false;
      holdProcess(this.#timer, true);
    }
  }

  /** Records that a deadline settled; compacts when settled entries dominate. */
  settled(deadline: Deadline): void {
    // An expired deadline already left the queue; a settled one was already counted.
    if (deadline.settled || deadline.expired) return;
    deadline.settle();
    this.#settled++;
    if (this.#settled === this.#entries.length - this.#head && this.#timer !== undefined) {
      this.#idle = true;
      holdProcess(this.#timer, false);
    }
    if (this.#settled > 64 && this.#settled * 2 > this.#entries.length - this.#head) this.#compact();
  }

  #arm(at: number): void {
    this.#idle = false;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, at - performance.now()));
  }

  #fire(): void {
    this.#timer = undefined;
    const now = performance.now();
    const entries = this.#entries;
    while (this.#head < entries.length) {
      const deadline = entries[this.#head] as Deadline;
      if (!deadline.settled && deadline.at > now) break;
      if (deadline.settled) this.#settled--;
      else deadline.expire();
      this.#head++;
    }
    this.#compact();
    const next = this.#entries[0];
    if (next !== undefined) this.#arm(next.at);
  }

  #compact(): void {
    this.#entries = this.#entries.slice(this.#head).filter((deadline) => !deadline.settled);
    this.#head = 0;
    this.#settled = 0;
  }
}

/** `ref()` / `unref()` where timers have them (Bun, Node); a browser's numeric timer holds nothing. */
function holdProcess(timer: ReturnType<typeof setTimeout>, hold: boolean): void {
  const handle = timer as { ref?: () => unknown; unref?: () => unknown };
  if (hold) handle.ref?.();
  else handle.unref?.();
}
