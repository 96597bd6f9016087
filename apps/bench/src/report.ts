import type { CaseKey } from './cases';
import { type BenchReport, type CaseTiming, TOOL_COUNT } from './run';

/** Targets from the architecture's hot-path budget. */
export const TARGETS = {
  /** armorer toolbox.execute / baseline (safeParse + call): at most. */
  overheadRatio: 4,
  /** agents-core invoke / armorer toolbox.execute: at least. */
  agentsCoreRatio: 5,
  /** Heap of 10,000 registered tools, in MB: at most. */
  heapMb: 50,
} as const;

/** A target check: the measured value, its bound and whether it met it. */
export interface TargetCheck {
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  readonly bound: string;
  readonly pass: boolean;
}

const MB = 1024 * 1024;

function meanOf(timings: readonly CaseTiming[], key: CaseKey): number {
  const timing = timings.find((candidate) => candidate.key === key);
  if (timing === undefined) throw new Error(`no timing for ${key}`);
  return timing.meanNs;
}

/** The three target checks of a report. */
export function checkTargets(report: BenchReport): readonly TargetCheck[] {
  const overhead = meanOf(report.timings, 'toolbox') / meanOf(report.timings, 'baseline');
  const agents = meanOf(report.timings, 'agentsCore') / meanOf(report.timings, 'toolbox');
  // Registering tools is what armorer costs; the callers' Zod schemas exist with or without armorer and
  // are reported beside it (see formatReport), not counted against the target.
  const heapMb = report.heap.armorerBytes / MB;
  // A quick run registers fewer tools; its bound scales with the count so the check stays meaningful.
  const heapBound = (TARGETS.heapMb * report.heap.count) / TOOL_COUNT;
  return [
    {
      label: 'armorer / baseline',
      value: overhead,
      unit: 'x',
      bound: `<= ${TARGETS.overheadRatio}x`,
      pass: overhead <= TARGETS.overheadRatio,
    },
    {
      label: 'agents-core / armorer',
      value: agents,
      unit: 'x',
      bound: `>= ${TARGETS.agentsCoreRatio}x`,
      pass: agents >= TARGETS.agentsCoreRatio,
    },
    {
      label: `heap armorer adds for ${report.heap.count.toLocaleString('en-US')} registered tools (createTool + register)`,
      value: heapMb,
      unit: ' MB',
      bound: `<= ${heapBound} MB`,
      pass: heapMb <= heapBound,
    },
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

/** Renders a report as plain text lines. */
export function formatReport(report: BenchReport): string[] {
  const baseline = meanOf(report.timings, 'baseline');
  const header = ['benchmark', 'mean', 'p50', 'p99', 'vs baseline'];
  const body = report.timings.map((timing) => [
    timing.label,
    formatNs(timing.meanNs),
    formatNs(timing.p50Ns),
    formatNs(timing.p99Ns),
    `${(timing.meanNs / baseline).toFixed(2)}x`,
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...body].map((cells) => (cells[column] ?? '').length)),
  );
  const lines = [
    row(header, widths),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...body.map((cells) => row(cells, widths)),
  ];

  const heap = report.heap;
  lines.push('');
  for (const check of checkTargets(report)) {
    lines.push(
      `${check.pass ? 'PASS' : 'MISS'}  ${check.label}: ${check.value.toFixed(2)}${check.unit} (target ${check.bound})`,
    );
  }
  const json = meanOf(report.timings, 'agentsCore') / meanOf(report.timings, 'toolboxJson');
  lines.push(
    `info  agents-core / armorer with JSON-string arguments: ${json.toFixed(2)}x`,
    `info  heap total ${(heap.totalBytes / MB).toFixed(1)} MB: ${(heap.configBytes / MB).toFixed(1)} MB the ` +
      `configurations and their zod schemas + ${(heap.armorerBytes / MB).toFixed(1)} MB armorer ` +
      `(${(heap.armorerBytes / heap.count).toFixed(0)} B/tool)`,
    `info  ${heap.registered.toLocaleString('en-US')} tools created + registered in ${heap.createMs.toFixed(0)} ms`,
  );
  if (report.quick) lines.push('', 'quick smoke run: figures are not meaningful, only correctness is.');
  return lines;
}
