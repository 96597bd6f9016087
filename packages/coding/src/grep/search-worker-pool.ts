import type * as WorkerThreads from 'node:worker_threads';
import { wrapMessage } from '../errors/wrap-message';
import type { FileOutcome, SearchRequest, SearchResponse } from './protocol';
import { searchWorkerMain } from './search-worker';

// The worker runs from source text, so it needs no file on disk and survives any bundling of this package.
const WORKER_SOURCE = `(${String(searchWorkerMain)})(require('node:worker_threads').parentPort, require('node:fs'));`;

let workerThreads: typeof WorkerThreads | undefined;

/**
 * `node:worker_threads`, loaded with the first search thread rather than when the package is imported
 * (`process.getBuiltinModule`, Node 22.3+ and Bun): a program that never greps, or that only lists the
 * tools (an MCP client asking `tools/list`), does not pay for it at start-up (issue 36).
 */
function threads(): typeof WorkerThreads {
  workerThreads ??= process.getBuiltinModule('node:worker_threads');
  return workerThreads;
}

/** Threads started and not yet exited (idle ones included). */
let liveThreads = 0;

/** How many search threads exist right now, idle ones included (for tests and diagnostics). */
export function liveSearchThreads(): number {
  return liveThreads;
}

/** How many healthy threads wait in the pool for the next call. */
export function idleSearchThreads(): number {
  return idle.length;
}

interface Pending {
  resolve(outcomes: readonly FileOutcome[]): void;
  reject(error: Error): void;
}

/** A worker thread that searches batches of files; `terminate()` stops it even inside a runaway match. */
export class SearchWorker {
  readonly #worker: WorkerThreads.Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #failure: Error | undefined;
  #exited: Promise<void> | undefined;

  constructor() {
    this.#worker = new (threads().Worker)(WORKER_SOURCE, { eval: true });
    liveThreads++;
    this.#worker.on('message', (response: SearchResponse) => {
      const pending = this.#pending.get(response.id);
      if (pending === undefined) return;
      this.#pending.delete(response.id);
      if (response.error === undefined) pending.resolve(response.outcomes);
      else pending.reject(new Error(wrapMessage('The search worker failed', response.error)));
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const pending of this.#pending.values()) pending.reject(this.#failure);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => {
      liveThreads--;
      fail(new Error(`The search worker exited (code ${code}).`));
      wakeWaiting();
    });
    // An idle worker never keeps the process alive (a call in progress holds its own timer). Unref after
    // the listeners are attached: attaching a 'message' listener refs the worker again.
    this.#worker.unref();
  }

  /** False once the worker failed or was terminated. */
  get usable(): boolean {
    return this.#failure === undefined;
  }

  /** Searches one batch of files. */
  search(request: Omit<SearchRequest, 'id'>): Promise<readonly FileOutcome[]> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /**
   * Stops the worker; a batch in progress is rejected at once. The promise resolves when the thread has
   * really stopped: a thread inside a runaway match can take a while to reach a point where it can be
   * stopped, and until then it burns CPU, so a caller that gives up on a search waits for this.
   */
  terminate(): Promise<void> {
    if (this.#failure === undefined) this.#failure = new Error('The search worker was terminated.');
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
    this.#exited ??= this.#worker.terminate().then(
      () => undefined,
      () => undefined,
    );
    return this.#exited;
  }
}

const idle: SearchWorker[] = [];
const MAX_IDLE = 4;
/**
 * Most search threads alive at once, over all calls: many concurrent `grep` calls queue for threads
 * instead of starting a few each (a hundred calls started two hundred threads and took a gigabyte).
 */
export const MAX_SEARCH_THREADS = 16;
/** Calls waiting for a thread, woken when one is handed back or exits. */
const waiting = new Set<() => void>();

function wakeWaiting(): void {
  for (const wake of [...waiting]) wake();
}

/**
 * Search workers for one call, at most `count`: idle ones first, new ones while fewer than
 * {@link MAX_SEARCH_THREADS} threads are alive. Returns fewer (even none) when the threads run out.
 */
export function acquireSearchWorkers(count: number): SearchWorker[] {
  const workers: SearchWorker[] = [];
  while (workers.length < count) {
    const worker = idle.pop();
    if (worker?.usable === true) workers.push(worker);
    else if (worker !== undefined) continue;
    else if (liveThreads < MAX_SEARCH_THREADS) workers.push(new SearchWorker());
    else break;
  }
  return workers;
}

/** What {@link waitForSearchWorkers} needs of a call's budget. */
export interface WorkerWaitBudget {
  /** Throws when the call's time is up or it was aborted. */
  check(): void;
  /** Runs `stop` when the call's time is up or it is aborted; returns a function that cancels that. */
  onExpire(stop: () => void): () => void;
}

/**
 * At least one and at most `count` search workers (none when `count` is 0), waiting while every thread is
 * busy; the wait ends with the budget's error when the call runs out of time or is aborted.
 */
export async function waitForSearchWorkers(count: number, budget: WorkerWaitBudget): Promise<SearchWorker[]> {
  for (;;) {
    budget.check();
    const workers = acquireSearchWorkers(count);
    if (workers.length > 0 || count === 0) return workers;
    await new Promise<void>((resolve) => {
      const wake = () => {
        waiting.delete(wake);
        cancel();
        resolve();
      };
      waiting.add(wake);
      const cancel = budget.onExpire(wake);
    });
  }
}

/** Hands healthy workers back for the next call; the others are terminated. */
export function releaseSearchWorkers(workers: readonly SearchWorker[]): void {
  for (const worker of workers) {
    if (worker.usable && idle.length < MAX_IDLE) idle.push(worker);
    else void worker.terminate();
  }
  wakeWaiting();
}
