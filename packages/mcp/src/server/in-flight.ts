/** Counts in-flight calls and lets a shutdown wait for them, bounded by a timeout. */
export class InFlight {
  #count = 0;
  #waiters: Array<() => void> = [];

  get count(): number {
    return this.#count;
  }

  /** Admits one call; the returned function releases it (calling it twice is harmless). */
  enter(): () => void {
    this.#count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.#count === 0) for (const wake of this.#waiters.splice(0)) wake();
    };
  }

  /**
   * Resolves true once no call is in flight, or false when `timeoutMs` elapses first. It resolves a
   * macrotask after the last call ends, so that the protocol layer has sent that call's response.
   */
  async drain(timeoutMs: number): Promise<boolean> {
    const drained = await this.#wait(timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return drained;
  }

  #wait(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((wake) => wake !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#waiters.push(done);
    });
  }
}
