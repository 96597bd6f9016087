/**
 * The single test command (`bun run test`): every gate is a turbo task (turbo.json), run in one
 * `turbo run` with turbo's cache, so that a second run re-runs only what a change reaches: a package's unit
 * tests re-run when it or a package it depends on changed (`test` depends on `^transit`), its build and the
 * publint/attw check of its tarball when its sources or its dependencies' builds changed, and the gates over
 * all packages (types, docs, size, consumers) when anything they read changed. A clean clone (CI) has no
 * cache and runs everything; the cache only ever skips a task whose inputs are the same as when it passed.
 *
 * Around the turbo run: Node 22 first on PATH (the `test:node` tasks run `node test/node-smoke.mjs`), and
 * throwaway Redis and PostgreSQL servers (@armorer/test-servers) for the store tests, their URLs passed
 * through to the tasks. Which servers were there is part of the tests' cache key (`ARMORER_TEST_SERVERS`),
 * so a run without a server, whose store tests skipped, is never replayed as a run with one.
 *
 * The last line is `N passed, N failed`, counting tasks (a cached task passed when it ran). For local
 * iteration only, `--skip=lint,typecheck` leaves tasks out; `--force` ignores the cache. CI never passes them.
 * The release rehearsal is not part of it (`bun run release:rehearse`, its own step in .ci/run).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServers } from '@armorer/test-servers';
import { ensureNode22, nodeBinDir } from './lib/node22';
import { bin } from './lib/process';
import { listWorkspacePackages, rootDir } from './lib/workspace';

/** The tasks of `bun run test`, in the order the summary lists them. */
const TASKS = [
  'lint',
  'lint:manifests',
  'check:repo',
  'check:exports',
  'typecheck',
  'docs',
  'check:docs-site',
  'test:scripts',
  'test',
  'build',
  'test:node',
  'check:size',
  'check:engines',
  'check:consumers',
] as const;

const args = process.argv.slice(2);
const skip = new Set(
  args
    .filter((arg) => arg.startsWith('--skip='))
    .flatMap((arg) => arg.slice('--skip='.length).split(','))
    .map((name) => name.trim()),
);
const tasks = TASKS.filter((task) => !skip.has(task));
const concurrency = process.env.ARMORER_TEST_CONCURRENCY ?? '3';
const started = performance.now();

const env: Record<string, string | undefined> = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

// Node 22 for the Node smoke tests, first on PATH.
const node22 = await ensureNode22();
env.ARMORER_NODE22 = node22.binary;
env.PATH = `${nodeBinDir(node22.binary, join(rootDir, 'node_modules/.cache/armorer-node22-bin'))}:${env.PATH ?? ''}`;
console.log(`test: Node ${node22.version} for the Node smoke tests`);

// The store tests' servers, once for the whole run (a URL already set is used as it is).
const servers = await startTestServers(process.env, (line) => console.log(`test: ${line}`));
Object.assign(env, servers.env);

const summaryDir = join(rootDir, '.turbo/runs');
rmSync(summaryDir, { recursive: true, force: true });
const command = [
  bin('turbo'),
  'run',
  ...tasks,
  `--concurrency=${concurrency}`,
  '--continue=dependencies-successful',
  '--output-logs=new-only',
  '--summarize',
  ...(args.includes('--force') ? ['--force'] : []),
];
console.log(`\n━━ ${command.slice(1).join(' ')}`);
let code = 1;
try {
  const proc = Bun.spawn(command, {
    cwd: rootDir,
    env,
    stdin: 'ignore',
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const forward = (signal: NodeJS.Signals) => () => proc.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  code = await proc.exited;
} finally {
  await servers.dispose();
}

interface TaskSummary {
  taskId: string;
  task: string;
  package: string;
  cache: { status: 'HIT' | 'MISS'; timeSaved?: number };
  execution?: { startTime: number; endTime: number; exitCode: number | null; error?: string };
  logFile?: string;
}

const summaryFile = existsSync(summaryDir)
  ? readdirSync(summaryDir).find((file) => file.endsWith('.json'))
  : undefined;
const ran: TaskSummary[] = summaryFile
  ? (JSON.parse(readFileSync(join(summaryDir, summaryFile), 'utf8')) as { tasks: TaskSummary[] }).tasks
  : [];
// Only the tasks that do something (a package without such a script has a no-op task).
const real = ran.filter((task) => task.execution !== undefined && task.task !== 'transit');

/** Test counts from a task's log (turbo keeps it, and replays it from the cache on a hit). */
function testCounts(task: TaskSummary): { pass: number; fail: number } | undefined {
  const dir =
    task.package === '//' ? rootDir : listWorkspacePackages().find((pkg) => pkg.name === task.package)?.dir;
  const log = dir && join(dir, '.turbo', `turbo-${task.task.replaceAll(':', '$colon$')}.log`);
  if (!log || !existsSync(log)) return undefined;
  const text = readFileSync(log, 'utf8');
  const pass = text.match(/^\S*\s*(\d+) pass\b/m)?.[1];
  const fail = text.match(/^\S*\s*(\d+) fail\b/m)?.[1];
  return pass === undefined ? undefined : { pass: Number(pass), fail: Number(fail ?? 0) };
}

const rows = new Map<
  string,
  { tasks: number; hits: number; failed: string[]; seconds: number; tests: number; testFails: number }
>();
for (const name of tasks)
  rows.set(name, { tasks: 0, hits: 0, failed: [], seconds: 0, tests: 0, testFails: 0 });
for (const task of real) {
  const row = rows.get(task.task);
  if (!row) continue;
  row.tasks++;
  if (task.cache.status === 'HIT') row.hits++;
  const exec = task.execution as NonNullable<TaskSummary['execution']>;
  if (exec.exitCode !== 0) row.failed.push(task.package === '//' ? 'root' : task.package);
  else row.seconds += (exec.endTime - exec.startTime) / 1000;
  const counts = testCounts(task);
  if (counts) {
    row.tests += counts.pass;
    row.testFails += counts.fail;
  }
}

console.log('\n━━ summary (seconds: time of the tasks that ran, not served from the cache)');
let passed = 0;
let failed = 0;
for (const [name, row] of rows) {
  if (skip.has(name)) continue;
  const tests = row.tests > 0 ? `; ${row.tests} tests passed, ${row.testFails} failed` : '';
  const status = row.failed.length > 0 ? 'failed' : row.tasks === 0 ? 'not run' : 'passed';
  if (status === 'passed') passed++;
  else failed++;
  const detail = row.failed.length > 0 ? ` failed in: ${row.failed.join(', ')}` : '';
  console.log(
    `  ${status.padEnd(7)} ${name}: ${row.tasks} task(s), ${row.hits} cached, ${row.seconds.toFixed(1)}s${tests}${detail}`,
  );
}
for (const name of skip) console.log(`  skipped ${name} (--skip)`);
const hits = real.filter((task) => task.cache.status === 'HIT').length;
console.log(
  `  total ${((performance.now() - started) / 1000).toFixed(1)}s wall, ${real.length} tasks, ${hits} from the cache, turbo exit ${code}`,
);
if (code !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
