/**
 * The single test command (`bun run test`): every gate in order, failing fast, with a summary. The last line
 * is `N passed, N failed`, counting steps. For local iteration only, `--skip=lint,typecheck` leaves steps out
 * (they are reported as skipped); CI never passes it.
 */
import { rootDir } from './lib/workspace';

interface Step {
  name: string;
  cmd: string[];
  /** Extracts a short detail (e.g. test counts) from the output. */
  detail?: (output: string, code: number) => { detail: string; ok?: boolean };
}

const unitTests: Step['detail'] = (output, code) => {
  const pass = output.match(/^\s*(\d+) pass\b/m)?.[1];
  const fail = output.match(/^\s*(\d+) fail\b/m)?.[1];
  if (code !== 0 && /No tests found|did not match any test files/i.test(output)) {
    // Packages are young: a workspace without tests yet is reported, not failed.
    return { detail: 'WARNING: no test files found', ok: true };
  }
  return { detail: pass === undefined ? '' : `${pass} tests passed, ${fail ?? 0} failed` };
};

const steps: Step[] = [
  { name: 'lint', cmd: ['bun', 'run', 'lint'] },
  { name: 'repository checks', cmd: ['bun', 'run', 'check:repo'] },
  { name: 'sync:exports --check', cmd: ['bun', 'run', 'sync:exports', '--check'] },
  { name: 'typecheck', cmd: ['bun', 'run', 'typecheck'] },
  // The guides and the API reference as one site (typedoc, warnings are errors), then read in Chromium.
  { name: 'docs site (typedoc)', cmd: ['bun', 'run', 'docs'] },
  { name: 'docs site in Chromium (pages, links, anchors, search)', cmd: ['bun', 'run', 'check:docs-site'] },
  // The store tests need Redis and PostgreSQL: scripts/services.ts starts throwaway servers around the step.
  {
    name: 'unit tests',
    cmd: ['bun', 'run', 'scripts/services.ts', '--', 'bun', 'run', 'test:unit'],
    detail: unitTests,
  },
  { name: 'build', cmd: ['bun', 'run', 'build'] },
  { name: 'browser size budgets', cmd: ['bun', 'run', 'check:size'] },
  { name: 'package checks', cmd: ['bun', 'run', 'check:packages'] },
  {
    name: 'node 22 smoke tests',
    cmd: ['bun', 'run', 'scripts/services.ts', '--', 'bun', 'run', 'scripts/node-smoke.ts'],
  },
  // The consumer checks run the docs' code samples too; the Redis and PostgreSQL ones need the servers.
  {
    name: 'consumer checks',
    cmd: ['bun', 'run', 'scripts/services.ts', '--', 'bun', 'run', 'check:consumers', '--skip-build'],
  },
  { name: 'release rehearsal', cmd: ['bun', 'run', 'release:rehearse', '--skip-build'] },
];

/** Runs a command, streaming its output while keeping a copy. */
async function tee(cmd: string[]): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn(cmd, {
    cwd: rootDir,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  let output = '';
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  return { code: await proc.exited, output };
}

const skip = new Set(
  process.argv
    .filter((arg) => arg.startsWith('--skip='))
    .flatMap((arg) => arg.slice('--skip='.length).split(','))
    .map((name) => name.trim()),
);

const results: Array<{
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  seconds: number;
  detail: string;
}> = [];
const started = performance.now();
let failedStep: string | undefined;
for (const step of steps) {
  if (failedStep) {
    results.push({ name: step.name, status: 'skipped', seconds: 0, detail: `after ${failedStep} failed` });
    continue;
  }
  if (skip.has(step.name)) {
    results.push({ name: step.name, status: 'skipped', seconds: 0, detail: 'skipped with --skip' });
    continue;
  }
  console.log(`\n━━ ${step.name}: ${step.cmd.join(' ')}`);
  const stepStarted = performance.now();
  const { code, output } = await tee(step.cmd);
  const seconds = (performance.now() - stepStarted) / 1000;
  const extra = step.detail?.(output, code);
  const ok = extra?.ok ?? code === 0;
  results.push({ name: step.name, status: ok ? 'passed' : 'failed', seconds, detail: extra?.detail ?? '' });
  if (!ok) failedStep = step.name;
}

const passed = results.filter((result) => result.status === 'passed').length;
const failed = results.filter((result) => result.status === 'failed').length;
console.log('\n━━ summary');
for (const result of results) {
  const time = result.status === 'skipped' ? '' : ` ${result.seconds.toFixed(1)}s`;
  const detail = result.detail ? ` (${result.detail})` : '';
  console.log(`  ${result.status.padEnd(7)} ${result.name}${time}${detail}`);
}
console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)}s`);
if (failedStep) console.log(`\nFAILED at step: ${failedStep} (later steps were skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
