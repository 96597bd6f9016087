/**
 * The one way a bench suite reports its targets. Every suite prints each target as
 * `PASS  <label>: <figure> (target <= <bound>)` (or `MISS`), records it here, and ends with
 * {@link finishTargets}, which prints a one-line tally and, when the process was started with `--check`,
 * sets a non-zero exit code if any target was missed. Without `--check` the exit code stays 0: a bench on a
 * shared machine is a measurement, not a test.
 *
 * @example
 * ```ts
 * import { finishTargets, reportTarget } from '../targets';
 *
 * reportTarget('armorer / baseline', ratio, { atMost: 3 });
 * reportTarget('sign + verify per second', perSecond, { atLeast: 50_000, unit: '/s', digits: 0 });
 * finishTargets();
 * ```
 */

/** A bound: the figure must be at most, or at least, this value. */
export type TargetBound = { readonly atMost: number } | { readonly atLeast: number };

/** How a figure is shown. */
export interface TargetFormat {
  /** Appended to the figure and the bound (`'x'` by default for a ratio, `' ms'`, `' MB'`, `' kB'`...). */
  readonly unit?: string;
  /** Decimal places of the figure (2 by default). */
  readonly digits?: number;
  /** Extra text after the target, for context (medians, best round, sample count). */
  readonly note?: string;
}

/** One checked target. */
export interface TargetCheck {
  readonly label: string;
  readonly value: number;
  readonly bound: TargetBound;
  readonly pass: boolean;
  /** The line the suite prints. */
  readonly line: string;
}

const recorded: TargetCheck[] = [];

function show(value: number, digits: number): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Checks a figure against its bound without recording it (pure; what tests and reports build on). */
export function checkTarget(label: string, value: number, bound: TargetBound & TargetFormat): TargetCheck {
  const unit = bound.unit ?? 'x';
  const digits = bound.digits ?? 2;
  const atMost = 'atMost' in bound;
  const limit = atMost ? bound.atMost : (bound as { atLeast: number }).atLeast;
  // NaN (a case that never ran, a division by zero) is a miss, never a pass.
  const pass = atMost ? value <= limit : value >= limit;
  const target = `target ${atMost ? '<=' : '>='} ${show(limit, Number.isInteger(limit) ? 0 : digits)}${unit}`;
  const note = bound.note === undefined ? '' : `; ${bound.note}`;
  const line = `${pass ? 'PASS' : 'MISS'}  ${label}: ${show(value, digits)}${unit} (${target}${note})`;
  const cleanBound: TargetBound = atMost ? { atMost: limit } : { atLeast: limit };
  return { label, value, bound: cleanBound, pass, line };
}

/** Checks a figure, records it for {@link finishTargets} and prints its line (indented by `indent`). */
export function reportTarget(
  label: string,
  value: number,
  bound: TargetBound & TargetFormat,
  indent = '',
): boolean {
  const check = checkTarget(label, value, bound);
  recorded.push(check);
  console.log(`${indent}${check.line}`);
  return check.pass;
}

/** Records checks that were already printed (a suite that formats its own report). */
export function recordTargets(checks: readonly TargetCheck[]): void {
  recorded.push(...checks);
}

/**
 * Records a pass/miss decided by a suite that prints its own line, and returns the marker to print
 * (`'PASS'` or `'MISS'`). Prefer {@link reportTarget}; this is for tables with their own layout.
 */
export function markTarget(label: string, pass: boolean): 'PASS' | 'MISS' {
  const marker = pass ? 'PASS' : 'MISS';
  recorded.push({ label, value: pass ? 1 : 0, bound: { atLeast: 1 }, pass, line: `${marker}  ${label}` });
  return marker;
}

/** The checks recorded so far in this process. */
export function recordedTargets(): readonly TargetCheck[] {
  return recorded;
}

/** Whether this run was asked to fail on a missed target. */
export function checkMode(argv: readonly string[] = process.argv): boolean {
  return argv.includes('--check');
}

function setExitCode(code: number): void {
  process.exitCode = code;
}

/**
 * Prints the tally of the recorded targets; with `--check`, a missed target sets the exit code to 1
 * (through `fail`, which tests replace). Returns the number of misses.
 */
export function finishTargets(
  argv: readonly string[] = process.argv,
  fail: (code: number) => void = setExitCode,
): number {
  const misses = recorded.filter((check) => !check.pass);
  console.log(`\ntargets: ${recorded.length - misses.length} PASS, ${misses.length} MISS`);
  if (misses.length > 0 && checkMode(argv)) {
    console.log(`--check: ${misses.length} target(s) missed: ${misses.map((m) => m.label).join('; ')}`);
    fail(1);
  }
  return misses.length;
}
