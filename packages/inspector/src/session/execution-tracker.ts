import type { ExecutionSnapshot, Toolbox } from '@armorer/core';
import type { ExecutionView, ToolStatsView } from '../protocol';

/** Upper bounds of the latency buckets, in milliseconds; the last bucket is open. */
export const LATENCY_BUCKETS_MS: readonly number[] = [1, 5, 10, 50, 100, 500, 1_000, 5_000];
/** Executions kept for the list; the oldest finished ones go first. */
const MAX_EXECUTIONS = 200;
/** States kept per execution (a streaming call can change state often). */
const MAX_PHASES = 32;

interface Tracked {
  view: ExecutionView;
  counted: boolean;
}

interface Stats {
  readonly toolName: string;
  readonly outcomes: Record<string, number>;
  readonly histogram: number[];
}

/** The bucket index of a latency. */
export function latencyBucket(ms: number): number {
  for (let index = 0; index < LATENCY_BUCKETS_MS.length; index++) {
    if (ms <= (LATENCY_BUCKETS_MS[index] as number)) return index;
  }
  return LATENCY_BUCKETS_MS.length;
}

/**
 * Follows `toolbox.executions.subscribe()`: every execution with each state it went through, and per
 * tool the counts by outcome and a latency histogram of the finished ones (admission to settlement).
 * Snapshots carry no arguments or results, so nothing here needs redacting.
 */
export class ExecutionTracker {
  readonly #executions = new Map<string, Tracked>();
  readonly #stats = new Map<string, Stats>();
  readonly #unsubscribe: () => void;
  readonly #changed: (execution: ExecutionView, stats: ToolStatsView | undefined) => void;

  constructor(
    toolbox: Pick<Toolbox, 'executions'>,
    changed: (execution: ExecutionView, stats: ToolStatsView | undefined) => void,
  ) {
    this.#changed = changed;
    this.#unsubscribe = toolbox.executions.subscribe((snapshot) => this.#observe(snapshot));
  }

  close(): void {
    this.#unsubscribe();
  }

  executions(): ExecutionView[] {
    return [...this.#executions.values()].reverse().map((tracked) => tracked.view);
  }

  stats(): ToolStatsView[] {
    return [...this.#stats.values()].map((stats) => this.#statsView(stats));
  }

  #observe(snapshot: ExecutionSnapshot): void {
    const id = String(snapshot.executionId);
    let tracked = this.#executions.get(id);
    const at = Number(snapshot.activity?.lastActivityAt) || Date.now();
    if (tracked === undefined) {
      tracked = {
        view: {
          executionId: id,
          callId: String(snapshot.callId),
          toolName: String(snapshot.toolName),
          state: snapshot.state,
          phases: [],
        },
        counted: false,
      };
      this.#executions.set(id, tracked);
      this.#trim();
    }
    const previous = tracked.view;
    const phases =
      previous.phases.at(-1)?.state === snapshot.state || previous.phases.length >= MAX_PHASES
        ? previous.phases
        : [...previous.phases, { state: snapshot.state, at }];
    const view: { -readonly [K in keyof ExecutionView]: ExecutionView[K] } = {
      ...previous,
      state: snapshot.state,
      phases,
    };
    const percent = snapshot.activity?.progress?.percent;
    if (typeof percent === 'number') view.progress = percent;
    const result = snapshot.result;
    if (result !== undefined) {
      view.outcome = result.outcome;
      if (result.errorCode !== undefined) view.errorCode = result.errorCode;
    }
    const settledAt = snapshot.activity?.settledAt;
    if (typeof settledAt === 'number')
      view.durationMs = Math.max(0, settledAt - snapshot.activity.admittedAt);
    tracked.view = view;
    let stats: Stats | undefined;
    if (
      !tracked.counted &&
      result !== undefined &&
      (snapshot.state === 'terminal' || snapshot.state === 'unknown-effect')
    ) {
      tracked.counted = true;
      stats = this.#count(view.toolName, result.outcome, view.durationMs);
    }
    this.#changed(view, stats === undefined ? undefined : this.#statsView(stats));
  }

  #count(toolName: string, outcome: string, durationMs: number | undefined): Stats {
    let stats = this.#stats.get(toolName);
    if (stats === undefined) {
      stats = {
        toolName,
        outcomes: Object.create(null) as Record<string, number>,
        histogram: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0),
      };
      this.#stats.set(toolName, stats);
    }
    stats.outcomes[outcome] = (stats.outcomes[outcome] ?? 0) + 1;
    if (durationMs !== undefined) {
      const bucket = latencyBucket(durationMs);
      stats.histogram[bucket] = (stats.histogram[bucket] ?? 0) + 1;
    }
    return stats;
  }

  #statsView(stats: Stats): ToolStatsView {
    return {
      toolName: stats.toolName,
      outcomes: { ...stats.outcomes },
      histogram: stats.histogram.map((count, index) => ({
        upToMs: LATENCY_BUCKETS_MS[index] ?? null,
        count,
      })),
    };
  }

  #trim(): void {
    if (this.#executions.size <= MAX_EXECUTIONS) return;
    for (const [id, tracked] of this.#executions) {
      if (this.#executions.size <= MAX_EXECUTIONS) return;
      if (tracked.view.state === 'terminal' || tracked.view.state === 'unknown-effect')
        this.#executions.delete(id);
    }
    // Only live ones left over the bound: drop the oldest anyway (the list is a view, not a record).
    for (const id of this.#executions.keys()) {
      if (this.#executions.size <= MAX_EXECUTIONS) return;
      this.#executions.delete(id);
    }
  }
}
