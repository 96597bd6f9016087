/**
 * Start-up benchmark (issue 36): whole processes running the built packages as installed, against Zod
 * alone in the same run, under Bun and Node 22.
 *
 * - import only: `import { createTool, createToolbox } from 'armorer'` against `import { z } from 'zod'`;
 * - import plus one validated call through `toolbox.execute` against Zod's `safeParse` plus the call;
 *   target: at most 10 ms over Zod alone, as the median of the per-round differences;
 * - `armorer-coding-mcp --root DIR` (apps/coding-mcp/dist/cli.js): spawn to the answer of its first
 *   `tools/list` (after `initialize`) over stdio; target: at most 150 ms (median).
 *
 * Node runs the programs as ESM and as CommonJS (different built files); Bun loads the same ESM files
 * either way (its `bun` condition), so it runs ESM. Baseline and contender alternate round by round. Every
 * target is checked twice: on wall time (what the issue states) and on CPU time (user + system of the
 * process, or of the server's threads up to its answer), which the load of other processes on a shared
 * machine disturbs far less; the load averages are printed before and after.
 *
 *   bun apps/bench/src/startup/main.ts [--quick] [--rounds=N] [--skip-build] [--keep] [--check]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finishTargets, reportTarget } from '../targets';
import {
  assertBuiltModules,
  buildMeasuredPackages,
  codingMcpBin,
  createConsumer,
  repositoryRoot,
} from './consumer';
import { firstToolsList, type McpStart } from './mcp';
import { childEnv, median, type PairSummary, pairedRounds, runProcess, summarizePair } from './measure';
import { findNode22 } from './node22';

const IMPORT_AND_CALL_MS = 10;
/**
 * The module files of armorer packages the import opens (armorer, approval, core's entry, its shared chunk
 * and the bundler's runtime): each one is resolved, read, compiled and linked on its own, about half a
 * millisecond of CPU apiece on Node 22. Before the shared chunk it was 18.
 */
const IMPORT_MODULE_FILES = 5;
const FIRST_TOOLS_LIST_MS = 150;

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const roundsArg = argv.find((arg) => arg.startsWith('--rounds='));
const rounds = roundsArg === undefined ? (quick ? 5 : 21) : Number(roundsArg.slice('--rounds='.length));
const warmups = quick ? 1 : 2;

type Format = 'mjs' | 'cjs';
interface Runtime {
  readonly name: string;
  readonly binary: string;
  readonly version: string;
  readonly formats: readonly Format[];
  /** The environment that makes a start "cold": no compiled or transpiled code cached from earlier runs. */
  readonly coldEnv: (dir: string) => Record<string, string>;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} ms`;
const cpuOf = (run: { userMs: number; sysMs: number }) => run.userMs + run.sysMs;

async function probe(runtime: Runtime, format: Format, cwd: string): Promise<number> {
  const child = Bun.spawn([runtime.binary, 'probe.mjs', ...(format === 'cjs' ? ['cjs'] : [])], {
    cwd,
    env: childEnv(),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`probe under ${runtime.name} ${format} failed (${code}): ${err}`);
  return assertBuiltModules(JSON.parse(out) as string[], `${runtime.name} ${format}`);
}

function pairLine(label: string, summary: PairSummary): string {
  return [
    `  ${label.padEnd(18)}`,
    `wall zod ${ms(summary.baselineWallMs)}, armorer ${ms(summary.contenderWallMs)} (${signed(summary.deltaWallMs)})`,
    ` | CPU zod ${ms(summary.baselineCpuMs)}, armorer ${ms(summary.contenderCpuMs)} (${signed(summary.deltaCpuMs)})`,
    ` | peak RSS ${summary.baselineRssMiB.toFixed(1)} / ${summary.contenderRssMiB.toFixed(1)} MiB`,
  ].join('');
}

async function measurePair(runtime: Runtime, cwd: string, baseline: string, contender: string) {
  const program = (file: string) => ({ command: [runtime.binary, file], cwd });
  for (let warm = 0; warm < warmups; warm++) {
    await runProcess(program(baseline));
    await runProcess(program(contender));
  }
  return summarizePair(
    await pairedRounds(
      rounds,
      () => runProcess(program(baseline)),
      () => runProcess(program(contender)),
    ),
  );
}

async function measureImports(runtime: Runtime, format: Format, cwd: string): Promise<void> {
  const modules = await probe(runtime, format, cwd);
  const kind = format === 'mjs' ? 'ESM' : 'CJS';
  console.log(
    `\n${runtime.name} ${runtime.version}, ${kind} (${modules} armorer modules loaded, all from dist)`,
  );
  reportTarget(`${runtime.name} ${kind}: armorer module files the import opens`, modules, {
    atMost: IMPORT_MODULE_FILES,
    unit: '',
    digits: 0,
  });
  const imported = await measurePair(runtime, cwd, `zod-import.${format}`, `armorer-import.${format}`);
  console.log(pairLine('import only', imported));
  const called = await measurePair(runtime, cwd, `zod-call.${format}`, `armorer-call.${format}`);
  console.log(pairLine('import + one call', called));
  const bound = { atMost: IMPORT_AND_CALL_MS, unit: ' ms', digits: 1 };
  const label = `${runtime.name} ${kind}: import + one call, over Zod alone`;
  reportTarget(`${label}, wall`, called.deltaWallMs, bound);
  reportTarget(`${label}, CPU`, called.deltaCpuMs, bound);
}

async function measureMcp(runtime: Runtime, cwd: string): Promise<void> {
  console.log(`\n${runtime.name} ${runtime.version}: armorer-coding-mcp --root ${repositoryRoot}`);
  const server = { command: [runtime.binary, codingMcpBin, '--root', repositoryRoot], cwd };
  const empty = { command: [runtime.binary, 'empty.mjs'], cwd };
  for (let warm = 0; warm < warmups; warm++) await firstToolsList(server);
  const pair = await pairedRounds(
    rounds,
    () => runProcess(empty),
    () => firstToolsList(server),
  );
  const starts: McpStart[] = pair.contender;
  const toolsList = median(starts.map((run) => run.toolsListMs));
  const cpuToAnswer = median(starts.map((run) => run.cpuToAnswerMs));
  console.log(
    `  initialize answered ${ms(median(starts.map((run) => run.initializeMs)))}, tools/list ${ms(toolsList)} [${starts[0]?.tools.join(', ')}]; CPU to the answer ${ms(cpuToAnswer)}`,
  );
  console.log(
    `  info: whole process ${ms(median(starts.map((run) => run.wallMs)))} wall, ${ms(median(starts.map(cpuOf)))} CPU, ${median(starts.map((run) => run.rssMiB)).toFixed(1)} MiB peak RSS; an empty program ${ms(median(pair.baseline.map((run) => run.wallMs)))} wall, ${ms(median(pair.baseline.map(cpuOf)))} CPU`,
  );
  // A first start ever: nothing compiled or transpiled by an earlier run is cached.
  const cold: McpStart[] = [];
  for (let run = 0; run < Math.max(3, Math.round(rounds / 4)); run++) {
    const dir = mkdtempSync(join(tmpdir(), 'armorer-startup-cache-'));
    try {
      cold.push(await firstToolsList({ ...server, env: childEnv(runtime.coldEnv(dir)) }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `  info: a first start (empty compile cache, ${cold.length} runs): tools/list ${ms(median(cold.map((run) => run.toolsListMs)))}, CPU to the answer ${ms(median(cold.map((run) => run.cpuToAnswerMs)))}`,
  );
  const bound = { atMost: FIRST_TOOLS_LIST_MS, unit: ' ms', digits: 1 };
  const label = `${runtime.name}: coding MCP server, spawn to first tools/list answer`;
  reportTarget(`${label}, wall`, toolsList, bound);
  reportTarget(`${label}, CPU`, cpuToAnswer, bound);
}

const node = findNode22();
const runtimes: Runtime[] = [
  {
    name: 'bun',
    binary: process.execPath,
    version: Bun.version,
    formats: ['mjs'],
    coldEnv: (dir) => ({ BUN_RUNTIME_TRANSPILER_CACHE_PATH: dir }),
  },
  {
    name: 'node 22',
    binary: node.binary,
    version: node.version.replace(/^v/, ''),
    formats: ['mjs', 'cjs'],
    coldEnv: (dir) => ({ NODE_COMPILE_CACHE: dir }),
  },
];
console.log(
  `armorer start-up bench (${quick ? 'quick' : 'full'}): bun ${Bun.version}, node ${node.version}; ${availableParallelism()} CPUs; ${rounds} paired rounds per figure, medians`,
);
console.log(`load average before: ${load()}`);
if (!argv.includes('--skip-build')) console.log(`build (turbo): ${await buildMeasuredPackages()}`);
const consumer = createConsumer();
try {
  for (const runtime of runtimes) {
    for (const format of runtime.formats) await measureImports(runtime, format, consumer);
    await measureMcp(runtime, consumer);
  }
} finally {
  if (argv.includes('--keep')) console.log(`\nconsumer kept: ${consumer}`);
  else rmSync(consumer, { recursive: true, force: true });
}
console.log(`\nload average after: ${load()}`);
finishTargets();
