import { readFileSync } from 'node:fs';

/** The calling thread's time on a core and time runnable but waiting for one, in milliseconds. */
export interface ThreadTimes {
  readonly runMs: number;
  readonly waitMs: number;
}

let readable = true;

/**
 * This thread's scheduler times from Linux's `/proc/thread-self/schedstat` (nanoseconds, unlike the tick-based
 * CPU times), or `undefined` where that file does not exist. On a machine whose cores are shared, wall time
 * is run time plus wait time: the wait says how much of a figure was other processes' load, the run time what
 * the work cost.
 */
export function threadTimes(): ThreadTimes | undefined {
  if (!readable) return undefined;
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { runMs: Number(run) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    readable = false;
    return undefined;
  }
}

/** The times spent between two readings, or `undefined` when either is missing. */
export function threadTimesSince(before: ThreadTimes | undefined): ThreadTimes | undefined {
  const after = threadTimes();
  if (before === undefined || after === undefined) return undefined;
  return { runMs: after.runMs - before.runMs, waitMs: after.waitMs - before.waitMs };
}
