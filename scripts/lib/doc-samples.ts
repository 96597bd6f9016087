/**
 * The documentation's code samples as tests. Every fenced `ts`/`js` block of `README.md`, `docs/**\/*.md` and
 * `packages/*\/README.md` is a complete program a user can paste: it is type-checked against the packed
 * packages (strict, NodeNext, erasable syntax only so that Node runs it too) and run with Bun, with a
 * timeout, and must exit with 0. The fence's info string says more:
 *
 *     ```ts no-run: needs OPENAI_API_KEY    type-checked, never run (the reason is required)
 *     ```ts node                            run under Node 22 as well as Bun
 *     ```ts serves                          a server: passes once it prints its first line (its address)
 *                                           without failing before, and is then stopped (SIGTERM)
 *
 * A fence of language `output` right after a sample is what the sample prints: the run's standard output
 * must equal it (trailing spaces and the final newline aside). A sample that prints to standard output
 * without one fails: a reader should see what it prints. Samples that need Redis or PostgreSQL read
 * `REDIS_URL` / `DATABASE_URL`, which the runner sets to the throwaway servers of `scripts/services.ts`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runSampleProcess, serverProblem } from './doc-sample-run';

export { extraDependencies } from './doc-sample-deps';

import { mapLimit, run } from './process';
import { rootDir } from './workspace';

export interface DocSample {
  /** `docs/guides/tools.md:42`: where the fence opens. */
  where: string;
  file: string;
  line: number;
  language: 'ts' | 'js';
  code: string;
  noRun?: string;
  node: boolean;
  /** A server that runs until stopped: it passes once it has printed a line, and is then stopped. */
  serves: boolean;
  expectedOutput?: string;
}

const languages: Record<string, DocSample['language']> = {
  ts: 'ts',
  typescript: 'ts',
  js: 'js',
  javascript: 'js',
};

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'site' || name === 'api' ? [] : walk(path);
      return name.endsWith('.md') ? [path] : [];
    });
  const packages = readdirSync(join(rootDir, 'packages'))
    .map((name) => join(rootDir, 'packages', name, 'README.md'))
    .filter((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    });
  return [join(rootDir, 'README.md'), ...walk(join(rootDir, 'docs')), ...packages].sort();
}

interface Fence {
  line: number;
  info: string;
  body: string;
  /** Line after the closing fence. */
  end: number;
}

/** The fences of one Markdown file, in order; an indented fence (inside a list) loses its indent. */
export function parseFences(text: string): Fence[] {
  const lines = text.split('\n');
  const fences: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = lines[index]?.match(/^(\s*)(`{3,}|~{3,})(.*)$/);
    if (!open) continue;
    const [, indent = '', marker = '```', info = ''] = open;
    const body: string[] = [];
    let close = index + 1;
    for (; close < lines.length; close++) {
      const line = lines[close] ?? '';
      if (line.trim().startsWith(marker) && line.trim().replaceAll(marker[0] as string, '') === '') break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    fences.push({ line: index + 1, info: info.trim(), body: body.join('\n'), end: close + 1 });
    index = close;
  }
  return fences;
}

export function samplesOf(file: string, text: string): DocSample[] {
  const fences = parseFences(text);
  const lines = text.split('\n');
  const samples: DocSample[] = [];
  fences.forEach((fence, index) => {
    const [word = '', ...rest] = fence.info.split(/\s+/);
    const language = languages[word.toLowerCase()];
    if (!language) return;
    const flags = rest.join(' ');
    const where = `${relative(rootDir, file)}:${fence.line}`;
    let noRun: string | undefined;
    const noRunMatch = flags.match(/(?:^|\s)no-run(?::\s*(.*))?$/);
    if (noRunMatch) {
      noRun = noRunMatch[1]?.trim() ?? '';
      if (!noRun) throw new Error(`${where}: "no-run" needs a reason ("no-run: needs OPENAI_API_KEY")`);
    }
    const next = fences[index + 1];
    const between = next ? lines.slice(fence.end - 1 + 1, next.line - 1) : [];
    const expectedOutput =
      next && next.info.split(/\s+/)[0] === 'output' && between.every((line) => line.trim() === '')
        ? next.body
        : undefined;
    samples.push({
      where,
      file,
      line: fence.line,
      language,
      code: fence.body,
      ...(noRun === undefined ? {} : { noRun }),
      node: /(?:^|\s)node(?:\s|$)/.test(flags.replace(/no-run.*$/, '')),
      serves: /(?:^|\s)serves(?:\s|$)/.test(flags.replace(/no-run.*$/, '')),
      ...(expectedOutput === undefined ? {} : { expectedOutput }),
    });
  });
  return samples;
}

export function collectDocSamples(): DocSample[] {
  return markdownFiles().flatMap((file) => samplesOf(file, readFileSync(file, 'utf8')));
}

/** A file name for a sample: where it comes from, readable in tsc's messages. */
export function sampleFileName(sample: DocSample): string {
  const base = relative(rootDir, sample.file)
    .replace(/\.md$/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
  return `${base}-L${sample.line}.${sample.language === 'ts' ? 'ts' : 'js'}`;
}

/** Writes the samples and a strict tsconfig into `<dir>/doc-samples`; returns the folder. */
export function writeDocSamples(dir: string, samples: DocSample[]): string {
  const folder = join(dir, 'doc-samples');
  Bun.spawnSync(['mkdir', '-p', folder]);
  for (const sample of samples) writeFileSync(join(folder, sampleFileName(sample)), `${sample.code}\n`);
  const compilerOptions = {
    target: 'ES2023',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    moduleDetection: 'force',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    verbatimModuleSyntax: true,
    erasableSyntaxOnly: true,
    allowJs: true,
    checkJs: true,
    // The packed packages' declarations are checked with skipLibCheck off by check:consumers; here it would
    // also check third-party declarations (the AI SDK's, the Agents SDK's) that do not compile under
    // exactOptionalPropertyTypes, and triple the time. Errors in the samples themselves are all reported.
    skipLibCheck: true,
    noEmit: true,
    types: ['node', 'bun'],
  };
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, files: samples.map(sampleFileName) }, null, 2),
  );
  return folder;
}

function normalizeOutput(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

export interface SampleRun {
  sample: DocSample;
  runtime: 'bun' | 'node';
  ok: boolean;
  ms: number;
  problem?: string;
}

/** A sample written as a test file (it imports `bun:test`) runs under `bun test`. */
export function isTestSample(sample: DocSample): boolean {
  return /from\s*['"]bun:test['"]/.test(sample.code);
}

/**
 * Runs every runnable sample (Bun; Node 22 too where marked), `lanes` at once (default two). The server
 * samples run one after the other in one lane, since a guide's servers listen on the ports a user would pick.
 */
export async function runDocSamples(
  folder: string,
  samples: DocSample[],
  options: {
    node?: string;
    timeoutMs?: number;
    env?: Record<string, string | undefined>;
    lanes?: number;
  } = {},
): Promise<SampleRun[]> {
  const jobs = samples
    .filter((sample) => sample.noRun === undefined)
    .flatMap((sample) => [
      { sample, runtime: 'bun' as const },
      ...(sample.node ? [{ sample, runtime: 'node' as const }] : []),
    ]);
  const env = {
    REDIS_URL: process.env.ARMORER_REDIS_URL,
    DATABASE_URL: process.env.ARMORER_POSTGRES_URL,
    ...options.env,
  };
  type Job = (typeof jobs)[number];
  const servers = jobs.filter((job) => job.sample.serves);
  const groups: Job[][] = [servers, ...jobs.filter((job) => !job.sample.serves).map((job) => [job])];
  const runGroup = async (group: Job[]): Promise<SampleRun[]> => {
    const results: SampleRun[] = [];
    for (const job of group) results.push(await runJob(job));
    return results;
  };
  const runJob = async ({ sample, runtime }: Job): Promise<SampleRun> => {
    const started = performance.now();
    const file = join(folder, sampleFileName(sample));
    if (runtime === 'node' && !options.node) {
      return { sample, runtime, ok: false, ms: 0, problem: 'no Node 22 binary to run it with' };
    }
    if (runtime === 'node' && isTestSample(sample)) {
      return { sample, runtime, ok: false, ms: 0, problem: 'a bun:test sample cannot run under Node' };
    }
    const cmd =
      runtime === 'node'
        ? [options.node as string, file]
        : isTestSample(sample)
          ? [process.execPath, 'test', `./${sampleFileName(sample)}`]
          : [process.execPath, file];
    const result = await runSampleProcess(cmd, {
      cwd: folder,
      env,
      timeoutMs: options.timeoutMs ?? 30_000,
      untilReady: sample.serves,
    });
    const ms = Math.round(performance.now() - started);
    const tail = result.output.trim().slice(-2000);
    if (sample.serves) {
      const why = serverProblem(result);
      if (why) return { sample, runtime, ok: false, ms, problem: `a server sample ${why}\n${tail}` };
      return { sample, runtime, ok: true, ms };
    }
    if (result.timedOut || result.code !== 0) {
      const why = result.timedOut
        ? 'timed out'
        : result.code === null
          ? 'was killed'
          : `exited with ${result.code}`;
      return { sample, runtime, ok: false, ms, problem: `${why}\n${tail}` };
    }
    if (sample.expectedOutput === undefined && !isTestSample(sample) && result.stdout.trim() !== '') {
      const problem = `printed, but the guide shows no \`\`\`output fence after it:\n${result.stdout.trim().slice(0, 500)}`;
      return { sample, runtime, ok: false, ms, problem };
    }
    if (sample.expectedOutput !== undefined) {
      const expected = normalizeOutput(sample.expectedOutput);
      const actual = normalizeOutput(result.stdout);
      if (expected !== actual) {
        return {
          sample,
          runtime,
          ok: false,
          ms,
          problem: `printed:\n${actual}\nbut the guide shows:\n${expected}`,
        };
      }
    }
    return { sample, runtime, ok: true, ms };
  };
  return (await mapLimit(groups, options.lanes ?? 2, runGroup)).flat();
}

export interface DocSampleReport {
  samples: number;
  ran: number;
  typeCheckedOnly: number;
  failures: string[];
  summary: string;
}

/**
 * Type-checks every sample in `consumer` (where the packed packages are installed) while the runnable ones
 * run (two at a time): the two take about as long. `tsc` is the repository's own.
 */
export async function checkDocSamples(
  consumer: string,
  samples: DocSample[],
  options: { tsc: string; node?: string },
): Promise<DocSampleReport> {
  const folder = writeDocSamples(consumer, samples);
  const failures: string[] = [];
  const started = performance.now();
  const timed = async <T>(work: Promise<T>): Promise<[T, number]> => {
    const value = await work;
    return [value, Math.round((performance.now() - started) / 100) / 10];
  };
  const [[checked, tscSeconds], [runs, runSeconds]] = await Promise.all([
    timed(run([options.tsc, '-p', join(folder, 'tsconfig.json'), '--pretty', 'false'], { cwd: folder })),
    timed(runDocSamples(folder, samples, options.node ? { node: options.node } : {})),
  ]);
  if (checked.code !== 0) {
    const byFile = new Map(samples.map((sample) => [sampleFileName(sample), sample]));
    for (const line of checked.output.split('\n')) {
      const match = line.match(/^([^(\s]+)\((\d+),(\d+)\): (.*)$/);
      const sample = match ? byFile.get(match[1] as string) : undefined;
      if (match && sample) {
        failures.push(
          `${relative(rootDir, sample.file)}:${sample.line + Number(match[2])} (tsc) ${match[4]}`,
        );
      } else if (line.trim()) failures.push(`tsc: ${line.trim()}`);
    }
  }
  for (const result of runs) {
    if (!result.ok) failures.push(`${result.sample.where} (${result.runtime}) ${result.problem ?? ''}`);
  }
  const ran = new Set(runs.map((result) => result.sample.where)).size;
  const nodeRuns = runs.filter((result) => result.runtime === 'node').length;
  const typeCheckedOnly = samples.filter((sample) => sample.noRun !== undefined).length;
  const slowest = [...runs]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((result) => `${result.sample.where} ${(result.ms / 1000).toFixed(1)}s`)
    .join(', ');
  return {
    samples: samples.length,
    ran,
    typeCheckedOnly,
    failures,
    summary:
      `${samples.length} samples type-checked (tsc ${tscSeconds}s); ${ran} run with Bun (${nodeRuns} also ` +
      `with Node 22; runs ${runSeconds}s, slowest: ${slowest}); ${typeCheckedOnly} type-checked only (no-run)`,
  };
}
