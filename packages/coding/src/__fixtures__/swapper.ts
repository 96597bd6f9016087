import { Worker } from 'node:worker_threads';

/** A swapper thread: `swaps()` counts the swaps done so far; `stop()` ends it and returns the count. */
export interface Swapper {
  /** Resolves once the thread has completed its first swap. */
  readonly started: Promise<void>;
  swaps(): number;
  stop(): Promise<number>;
}

/**
 * Runs a loop in another thread that keeps swapping a path between two states until `stop()`; used to
 * stress the jail's check against its open. `steps` is JavaScript source of a function body run once per
 * iteration with `fs` and `data` in scope. The swap count lives in shared memory, so a test can run until
 * enough swaps really happened (a loaded machine starts the thread late) instead of for a fixed time.
 */
export function startSwapper(steps: string, data: Record<string, string>): Swapper {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const source = `
    const { workerData } = require('node:worker_threads');
    const fs = require('node:fs');
    const { shared, data } = workerData;
    const step = new Function('fs', 'data', ${JSON.stringify(steps)});
    while (Atomics.load(shared, 0) === 0) {
      try { step(fs, data); Atomics.add(shared, 1, 1); } catch {}
    }
  `;
  const worker = new Worker(source, { eval: true, workerData: { shared, data } });
  const started = (async () => {
    while (Atomics.load(shared, 1) === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  })();
  return {
    started,
    swaps: () => Atomics.load(shared, 1),
    async stop() {
      Atomics.store(shared, 0, 1);
      await worker.terminate();
      return Atomics.load(shared, 1);
    },
  };
}

/**
 * Repeats `attempt` while a swapper runs, until at least `minimumSwaps` swaps and `minimumAttempts`
 * attempts happened and `minimumMs` passed: the outcome does not depend on how fast the machine is.
 */
export async function raceWhileSwapping(
  swapper: Swapper,
  attempt: () => Promise<void>,
  { minimumSwaps = 50, minimumAttempts = 20, minimumMs = 100 } = {},
): Promise<{ readonly attempts: number; readonly swaps: number }> {
  await swapper.started;
  const startedAt = performance.now();
  let attempts = 0;
  while (
    attempts < minimumAttempts ||
    swapper.swaps() < minimumSwaps ||
    performance.now() - startedAt < minimumMs
  ) {
    await attempt();
    attempts++;
  }
  return { attempts, swaps: await swapper.stop() };
}
