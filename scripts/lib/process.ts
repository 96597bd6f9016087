/** Small helpers to run commands from the repository scripts (Bun only). */
import { rootDir } from './workspace';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  output: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Print the command's output as it runs instead of only capturing it. */
  inherit?: boolean;
  timeoutMs?: number;
}

/** Runs a command and returns its exit code and output; never throws on a non-zero exit. */
export async function run(cmd: string[], options: RunOptions = {}): Promise<RunResult> {
  const proc = Bun.spawn(cmd, {
    cwd: options.cwd ?? rootDir,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...options.env },
    stdin: 'ignore',
    stdout: options.inherit ? 'inherit' : 'pipe',
    stderr: options.inherit ? 'inherit' : 'pipe',
    timeout: options.timeoutMs ?? 10 * 60_000,
  });
  const [stdout, stderr] = options.inherit
    ? ['', '']
    : await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  return { code, stdout, stderr, output: `${stdout}${stderr}` };
}

/** Runs a command and throws with its output when it fails. */
export async function runOrThrow(cmd: string[], options: RunOptions = {}): Promise<RunResult> {
  const result = await run(cmd, options);
  if (result.code !== 0) {
    throw new Error(`\`${cmd.join(' ')}\` exited with ${result.code}\n${result.output.trim()}`);
  }
  return result;
}

/** Maps `items` through `worker` with at most `limit` running at once, keeping the order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  worker: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await worker(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** The binaries installed at the repository root. */
export const bin = (name: string) => `${rootDir}/node_modules/.bin/${name}`;
