import { type BenchReport, medianRatio, TOOL_COUNT } from './run';
import { checkTarget, type TargetCheck } from './targets';

/** Targets from the architecture's hot-path budget (issue 16). */
export const TARGETS = {
  /** armorer toolbox.execute / baseline (safeParse + call), median of the rounds' ratios: at most. */
  overheadRatio: 3,
  /** agents-core invoke / armorer toolbox.execute, median of the rounds' ratios: at least. */
  agentsCoreRatio: 6,
  /** Heap of 10,000 registered tools, in MB: at most. */
  heapMb: 50,
  /** A batch of 10,000 calls at concurrency 64 / a plain limiter: at most. */
  batchRatio: 3,
} as const;

export type { TargetCheck };

const MB = 1024 * 1024;

/** The target checks of a report. */
export function checkTargets(report: BenchReport): readonly TargetCheck[] {
  const rounds = report.rounds;
  const overhead = medianRatio(rounds, 'toolbox', 'baseline');
  const agents = medianRatio(rounds, 'agentsCore', 'toolbox');
  // Registering tools is what armorer costs; the callers' Zod schemas exist with or without armorer and
  // are reported beside it (see formatReport), not counted against the target.
  const heapMb = report.heap.armorerBytes / MB;
  // A quick run registers fewer tools; its bound scales with the count so the check stays meaningful.
  const heapBound = (TARGETS.heapMb * report.heap.count) / TOOL_COUNT;
  const note = `CPU time, median of ${rounds.length} interleaved rounds' ratios`;
  return [
    checkTarget('toolbox.execute / baseline (safeParse + await fn)', overhead, {
      atMost: TARGETS.overheadRatio,
      note,
    }),
    checkTarget('agents-core tool.invoke / toolbox.execute', agents, {
      atLeast: TARGETS.agentsCoreRatio,
      note,
    }),
    checkTarget(
      `heap armorer adds for ${report.heap.count.toLocaleString('en-US')} registered tools (createTool + register)`,
      heapMb,
      { atMost: heapBound, unit: ' MB' },
    ),
  ];
}

function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(1)} ns`;
}

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0)))
    .join('  ');
}

/** Renders a report as plain text lines (the target lines are those of {@link checkTargets}). */
export function formatReport(report: BenchReport): string[] {
  const header = ['benchmark', 'CPU/call', 'vs baseline', 'wall mean', 'p50', 'p99'];
  const body = report.timings.map((timing) => [
    timing.label,
    formatNs(timing.cpuNs),
    `${medianRatio(report.rounds, timing.key, 'baseline').toFixed(2)}x`,
    formatNs(timing.meanNs),
    formatNs(timing.p50Ns),
    formatNs(timing.p99Ns),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...body].map((cells) => (cells[column] ?? '').length)),
  );
  const lines = [
    `CPU/call: CPU time per call, median of ${report.rounds.length} interleaved rounds; 'vs baseline': median of the`,
    "rounds' ratios (the targets); wall mean/p50/p99: one mitata run per case (moves with the machine's load)",
    row(header, widths),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...body.map((cells) => row(cells, widths)),
  ];

  const heap = report.heap;
  lines.push('');
  for (const check of checkTargets(report)) lines.push(check.line);
  const json = medianRatio(report.rounds, 'agentsCore', 'toolboxJson');
  lines.push(
    `info  agents-core / armorer with JSON-string arguments: ${json.toFixed(2)}x`,
    // Under Bun a call of an implementation whose promise is already fulfilled ends inside execute(); one
    // that awaits (any I/O) cannot: its figures are shown beside the targets' so neither hides the other.
    `info  an implementation that awaits once: toolbox.execute / baseline ` +
      `${medianRatio(report.rounds, 'toolboxWaiting', 'baselineWaiting').toFixed(2)}x, agents-core / ` +
      `toolbox.execute ${medianRatio(report.rounds, 'agentsCoreWaiting', 'toolboxWaiting').toFixed(2)}x`,
    `info  heap total ${(heap.totalBytes / MB).toFixed(1)} MB: ${(heap.configBytes / MB).toFixed(1)} MB the ` +
      `configurations and their zod schemas + ${(heap.armorerBytes / MB).toFixed(1)} MB armorer ` +
      `(${(heap.armorerBytes / heap.count).toFixed(0)} B/tool)`,
    `info  ${heap.registered.toLocaleString('en-US')} tools created + registered in ${heap.createMs.toFixed(0)} ms`,
  );
  if (report.quick) lines.push('', 'quick smoke run: figures are not meaningful, only correctness is.');
  return lines;
}
