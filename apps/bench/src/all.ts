/**
 * `bun run bench` (`bench:all`): every suite in turn, each in its own process, with this process's flags
 * (`--quick`, `--check`). Every suite runs even after another missed a target; the closing tally lists each
 * suite's PASS/MISS count, and with `--check` the exit code is 1 when any suite missed a target or failed.
 *
 * A new suite: a `src/<name>/main.ts` that reports through `../targets` (`reportTarget`, then
 * `finishTargets()` at the end), one entry in {@link SUITES}, and a `bench:<name>` script in package.json.
 */
import { join } from 'node:path';

/** The suites `bench:all` runs, in order: a name and its entry under `src/`. */
export const SUITES: readonly {
  readonly name: string;
  readonly entry: string;
  /** Runs under `scripts/services.ts` (throwaway Redis and PostgreSQL servers). */
  readonly services?: true;
}[] = [
  { name: 'core', entry: 'main.ts' },
  { name: 'adapters', entry: 'adapters/main.ts' },
  { name: 'search', entry: 'search/main.ts' },
  { name: 'middleware', entry: 'middleware/main.ts' },
  { name: 'coding', entry: 'coding/main.ts' },
  { name: 'mcp', entry: 'mcp/main.ts' },
  { name: 'integrations', entry: 'integrations/main.ts' },
  { name: 'openapi', entry: 'openapi/main.ts' },
  { name: 'idempotency', entry: 'idempotency/main.ts' },
  { name: 'schemas', entry: 'schemas/main.ts' },
  { name: 'approval', entry: 'approval/main.ts' },
  { name: 'middleware-load', entry: 'middleware/load.ts' },
  { name: 'stores', entry: 'stores/main.ts' },
  { name: 'store-servers', entry: 'store-servers/main.ts', services: true },
  { name: 'grant-lookup', entry: 'grant-lookup/main.ts', services: true },
  { name: 'mcp-cluster', entry: 'mcp-cluster/main.ts', services: true },
  { name: 'startup', entry: 'startup/main.ts' },
];

/** Counts the target lines a suite printed (`PASS  ...` / `MISS  ...`, possibly indented). */
export function tally(output: string): { readonly pass: number; readonly miss: number } {
  const markers = output.match(/^\s*(PASS|MISS)\b/gm) ?? [];
  const miss = markers.filter((marker) => marker.trim() === 'MISS').length;
  return { pass: markers.length - miss, miss };
}

async function runSuite(
  suite: (typeof SUITES)[number],
  flags: readonly string[],
): Promise<{ code: number; output: string }> {
  const command = [
    process.execPath,
    '--conditions=@armorer/source',
    join(import.meta.dirname, suite.entry),
    ...flags,
  ];
  const services = join(import.meta.dirname, '..', '..', '..', 'scripts', 'services.ts');
  const proc = Bun.spawn(suite.services ? [process.execPath, services, '--', ...command] : command, {
    stdout: 'pipe',
    stderr: 'inherit',
    stdin: 'ignore',
  });
  let output = '';
  const decoder = new TextDecoder();
  for await (const chunk of proc.stdout) {
    const text = decoder.decode(chunk, { stream: true });
    output += text;
    process.stdout.write(text);
  }
  return { code: await proc.exited, output };
}

if (import.meta.main) {
  const flags = process.argv.slice(2).filter((arg) => arg === '--quick' || arg === '--check');
  const only = process.argv.slice(2).find((arg) => arg.startsWith('--only='));
  const selected =
    only === undefined ? SUITES : SUITES.filter((s) => only.slice(7).split(',').includes(s.name));
  const summary: string[] = [];
  let failed = false;
  for (const suite of selected) {
    console.log(`\n━━ bench ${suite.name} (src/${suite.entry})`);
    const { code, output } = await runSuite(suite, flags);
    const { pass, miss } = tally(output);
    // Without --check a suite exits 0 on a MISS, so a non-zero code is a crash; with it, either.
    if (code !== 0) failed = true;
    summary.push(
      `  ${suite.name.padEnd(16)} ${pass} PASS  ${miss} MISS${code === 0 ? '' : `  (exit ${code})`}`,
    );
  }
  console.log('\n━━ bench summary');
  for (const line of summary) console.log(line);
  if (failed) process.exitCode = 1;
}
