/**
 * Before/after of the start-up figures in the same rounds: the same programs against two checkouts' built
 * packages (this one and another, e.g. a worktree of the commit before a change, built), interleaved run by
 * run, so the load of the moment hits both alike. Prints medians of wall and CPU time per program; with
 * Zod alone in the same rounds, what each checkout adds over it.
 *
 *   bun apps/bench/src/startup/compare.ts --before=/path/to/other/checkout [--rounds=N]
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createConsumer, repositoryRoot } from './consumer';
import { firstToolsList } from './mcp';
import { median, type ProcessRun, runProcess } from './measure';
import { findNode22 } from './node22';

const argv = process.argv.slice(2);
const beforeArg = argv.find((arg) => arg.startsWith('--before='));
if (beforeArg === undefined) throw new Error('usage: compare.ts --before=/path/to/other/checkout');
const beforeRoot = resolve(beforeArg.slice('--before='.length));
const roundsArg = argv.find((arg) => arg.startsWith('--rounds='));
const rounds = roundsArg === undefined ? 21 : Number(roundsArg.slice('--rounds='.length));

const node = findNode22();
const consumers = { before: createConsumer(beforeRoot), after: createConsumer(repositoryRoot) };
const cpu = (run: ProcessRun) => run.userMs + run.sysMs;
const fmt = (runs: readonly ProcessRun[]) =>
  `wall ${median(runs.map((run) => run.wallMs)).toFixed(1)} ms, CPU ${median(runs.map(cpu)).toFixed(1)} ms`;

try {
  for (const [runtime, binary, formats] of [
    ['bun', process.execPath, ['mjs']],
    ['node 22', node.binary, ['mjs', 'cjs']],
  ] as const) {
    for (const format of formats) {
      const jobs = [
        ['zod', consumers.after, `zod-call.${format}`],
        ['before', consumers.before, `armorer-call.${format}`],
        ['after', consumers.after, `armorer-call.${format}`],
      ] as const;
      const runs = new Map<string, ProcessRun[]>(jobs.map(([name]) => [name, []]));
      for (let round = -1; round < rounds; round++) {
        for (const [name, cwd, file] of round % 2 === 0 ? jobs : [...jobs].reverse()) {
          const result = await runProcess({ command: [binary, file], cwd });
          if (round >= 0) runs.get(name)?.push(result);
        }
      }
      console.log(`${runtime} ${format}: import + one call (${rounds} rounds)`);
      for (const [name] of jobs) console.log(`  ${name.padEnd(7)} ${fmt(runs.get(name) ?? [])}`);
    }
    const starts = { before: [] as ProcessRun[], after: [] as ProcessRun[] };
    const answer = { before: [] as number[], after: [] as number[] };
    for (let round = -1; round < rounds; round++) {
      for (const side of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
        const root = side === 'before' ? beforeRoot : repositoryRoot;
        const bin = join(root, 'apps', 'coding-mcp', 'dist', 'cli.js');
        const start = await firstToolsList({ command: [binary, bin, '--root', root], cwd: consumers.after });
        if (round < 0) continue;
        starts[side].push({ ...start, wallMs: start.toolsListMs });
        answer[side].push(start.cpuToAnswerMs);
      }
    }
    console.log(`${runtime}: coding MCP server, spawn to first tools/list answer (${rounds} rounds)`);
    for (const side of ['before', 'after'] as const) {
      console.log(
        `  ${side.padEnd(7)} wall ${median(starts[side].map((run) => run.wallMs)).toFixed(1)} ms, CPU to the answer ${median(answer[side]).toFixed(1)} ms`,
      );
    }
  }
} finally {
  rmSync(consumers.before, { recursive: true, force: true });
  rmSync(consumers.after, { recursive: true, force: true });
}
