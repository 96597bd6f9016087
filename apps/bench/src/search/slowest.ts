/** One timed request of a pass. */
export interface RequestSample {
  /** Position of the request in the pass (0 = the first after the index build). */
  readonly position: number;
  readonly wallMs: number;
  /** Time the main thread was runnable but waited for a core during the request (Linux; 0 elsewhere). */
  readonly waitMs: number;
  readonly words: number;
}

/** What the slowest 1% of a pass's requests have in common (the requests that set its p99). */
export interface SlowestShare {
  readonly count: number;
  /** How many of them are among the pass's first {@link EARLY} requests (the engine still compiling). */
  readonly early: number;
  readonly medianWords: number;
  readonly allMedianWords: number;
  /** Their time waiting for a core, as a share of their wall time. */
  readonly waitShare: number;
  readonly slowest: readonly RequestSample[];
}

/** Requests this early in a process's first pass run while the JIT still compiles the ranking. */
export const EARLY = 50;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Words of a request as written (whitespace-separated). */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed.length === 0 ? 0 : trimmed.split(/\s+/).length;
}

/**
 * The slowest 1% of a pass (at least one request): whether they came early (JIT), were long requests or
 * waited for a core. A request's wait is the scheduler's delay accounting (nanoseconds, counted when the
 * thread gets a core back), so unlike its run time it is exact enough per request.
 */
export function slowestShare(samples: readonly RequestSample[]): SlowestShare {
  const count = Math.max(1, Math.ceil(samples.length / 100));
  const slowest = [...samples].sort((a, b) => b.wallMs - a.wallMs).slice(0, count);
  const wall = slowest.reduce((sum, sample) => sum + sample.wallMs, 0);
  const wait = slowest.reduce((sum, sample) => sum + sample.waitMs, 0);
  return {
    count: slowest.length,
    early: slowest.filter((sample) => sample.position < EARLY).length,
    medianWords: median(slowest.map((sample) => sample.words)),
    allMedianWords: median(samples.map((sample) => sample.words)),
    waitShare: wall > 0 ? Math.min(1, wait / wall) : 0,
    slowest,
  };
}
