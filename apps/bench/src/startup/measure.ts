/**
 * Whole-process measurements for the start-up benchmark: one run of a program (wall time from spawn to
 * exit, user + system CPU time, peak RSS), paired rounds that alternate the order of a baseline and a
 * contender, and the medians the report is made of.
 */

/** What one process cost. */
export interface ProcessRun {
  /** Wall time from just before the spawn to the observed exit, in milliseconds. */
  readonly wallMs: number;
  /** User CPU time of the process, in milliseconds. */
  readonly userMs: number;
  /** System CPU time of the process, in milliseconds. */
  readonly sysMs: number;
  /** Peak resident set size, in MiB. */
  readonly rssMiB: number;
}

/** A command and where it runs. */
export interface Program {
  readonly command: readonly string[];
  readonly cwd: string;
  readonly env?: Record<string, string | undefined>;
}

/** The parent's environment without what would change how the child resolves or runs modules. */
export function childEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ['NODE_OPTIONS', 'BUN_OPTIONS', 'NODE_PATH', 'NODE_ENV']) delete env[key];
  return { ...env, ...extra };
}

function micros(value: bigint | number): number {
  return Number(value) / 1000;
}

/** Runs a program to its end; throws with its stderr when it exits with a non-zero code. */
export async function runProcess(program: Program): Promise<ProcessRun> {
  const started = performance.now();
  const child = Bun.spawn([...program.command], {
    cwd: program.cwd,
    env: program.env ?? childEnv(),
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const code = await child.exited;
  const wallMs = performance.now() - started;
  if (code !== 0) {
    const stderr = await new Response(child.stderr).text();
    throw new Error(`${program.command.join(' ')} exited with ${code}\n${stderr}`);
  }
  return usage(child.resourceUsage(), wallMs, program);
}

/** The figures of a finished child. */
export function usage(
  resources: ReturnType<Bun.Subprocess['resourceUsage']>,
  wallMs: number,
  program: Program,
): ProcessRun {
  if (resources === undefined) throw new Error(`no resource usage for ${program.command.join(' ')}`);
  return {
    wallMs,
    userMs: micros(resources.cpuTime.user),
    sysMs: micros(resources.cpuTime.system),
    // Bun reports maxRSS in bytes.
    rssMiB: resources.maxRSS / (1024 * 1024),
  };
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One baseline/contender pair measured in the same rounds. */
export interface Pair<Baseline, Contender = Baseline> {
  readonly baseline: Baseline[];
  readonly contender: Contender[];
}

/**
 * Runs `rounds` rounds of a baseline and a contender, one process each per round, alternating which goes
 * first so that a slow phase of the machine hits both sides alike. Every run's result is kept, in order, so
 * the report can take medians of the paired differences.
 */
export async function pairedRounds<Baseline, Contender = Baseline>(
  rounds: number,
  baseline: () => Promise<Baseline>,
  contender: () => Promise<Contender>,
): Promise<Pair<Baseline, Contender>> {
  const pair: Pair<Baseline, Contender> = { baseline: [], contender: [] };
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      pair.baseline.push(await baseline());
      pair.contender.push(await contender());
    } else {
      pair.contender.push(await contender());
      pair.baseline.push(await baseline());
    }
  }
  return pair;
}

/** Medians of a pair of process series, and of their per-round differences. */
export interface PairSummary {
  readonly baselineWallMs: number;
  readonly contenderWallMs: number;
  /** Median over rounds of (contender - baseline) wall time. */
  readonly deltaWallMs: number;
  readonly baselineCpuMs: number;
  readonly contenderCpuMs: number;
  /** Median over rounds of (contender - baseline) user + system CPU time. */
  readonly deltaCpuMs: number;
  readonly baselineRssMiB: number;
  readonly contenderRssMiB: number;
  readonly rounds: number;
}

const cpu = (run: ProcessRun) => run.userMs + run.sysMs;

/** Summarizes paired rounds of whole processes. */
export function summarizePair(pair: Pair<ProcessRun>): PairSummary {
  const rounds = Math.min(pair.baseline.length, pair.contender.length);
  const deltas = (figure: (run: ProcessRun) => number) =>
    Array.from(
      { length: rounds },
      (_, index) => figure(pair.contender[index] as ProcessRun) - figure(pair.baseline[index] as ProcessRun),
    );
  return {
    baselineWallMs: median(pair.baseline.map((run) => run.wallMs)),
    contenderWallMs: median(pair.contender.map((run) => run.wallMs)),
    deltaWallMs: median(deltas((run) => run.wallMs)),
    baselineCpuMs: median(pair.baseline.map(cpu)),
    contenderCpuMs: median(pair.contender.map(cpu)),
    deltaCpuMs: median(deltas(cpu)),
    baselineRssMiB: median(pair.baseline.map((run) => run.rssMiB)),
    contenderRssMiB: median(pair.contender.map((run) => run.rssMiB)),
    rounds,
  };
}
