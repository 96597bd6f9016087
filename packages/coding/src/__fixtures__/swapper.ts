import { Worker } from 'node:worker_threads';

/**
 * Runs a loop in another thread that keeps swapping a path between two states until `stop()`; used to
 * race the jail's check against its open. `steps` is JavaScript source of a function body run once per
 * iteration with `fs` and `data` in scope.
 */
export function startSwapper(steps: string, data: Record<string, string>): { stop(): Promise<number> } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const source = `
    const { workerData, parentPort } = require('node:worker_threads');
    const fs = require('node:fs');
    const { flag, data } = workerData;
    const step = new Function('fs', 'data', ${JSON.stringify(steps)});
    let swaps = 0;
    while (Atomics.load(flag, 0) === 0) {
      try { step(fs, data); swaps++; } catch {}
    }
    parentPort.postMessage(swaps);
  `;
  const worker = new Worker(source, { eval: true, workerData: { flag, data } });
  const swaps = new Promise<number>((resolve) => worker.once('message', resolve));
  return {
    async stop() {
      Atomics.store(flag, 0, 1);
      const count = await swaps;
      await worker.terminate();
      return count;
    },
  };
}
