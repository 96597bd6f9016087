/**
 * One run of a documentation sample. Unlike `run()` of ./process it tells a timeout from an exit (a sample
 * that handles SIGTERM and exits with 0 when the timeout stops it has still timed out), and it can stop a
 * server once it is up: with `untilReady`, the sample passes as soon as it prints its first line (a server's
 * "listening on ..."), and is then stopped.
 */
export interface SampleProcessResult {
  /** Exit code; `null` when the process was stopped by a signal. */
  code: number | null;
  stdout: string;
  output: string;
  timedOut: boolean;
  /** With `untilReady`: the sample printed a line before it exited or timed out. */
  ready: boolean;
}

export async function runSampleProcess(
  cmd: string[],
  options: {
    cwd: string;
    env: Record<string, string | undefined>;
    timeoutMs: number;
    untilReady?: boolean;
  },
): Promise<SampleProcessResult> {
  const proc = Bun.spawn(cmd, {
    cwd: options.cwd,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...options.env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let stdout = '';
  let output = '';
  let ready = false;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill('SIGKILL');
  }, options.timeoutMs);
  const pump = async (stream: ReadableStream<Uint8Array>, isStdout: boolean) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      if (isStdout) stdout += text;
      output += text;
      if (options.untilReady && !ready && /\S[^\n]*\n/.test(output)) {
        ready = true;
        proc.kill('SIGTERM');
        // A server that drains on SIGTERM gets a few seconds, then is killed.
        setTimeout(() => proc.kill('SIGKILL'), 5_000).unref();
      }
    }
  };
  await Promise.all([pump(proc.stdout, true), pump(proc.stderr, false)]);
  const exit = await proc.exited;
  clearTimeout(timer);
  return { code: proc.signalCode ? null : exit, stdout, output, timedOut, ready };
}

/**
 * Why a server sample failed, or `undefined` when it came up: it printed a line, and neither exited with an
 * error nor printed one (a crash prints its stack, which is a line too) before it was stopped.
 */
export function serverProblem(result: SampleProcessResult): string | undefined {
  const failed =
    (result.code !== null && result.code !== 0) || /^\s*(\w*error\b|at .+:\d+:\d+\)?$)/im.test(result.output);
  if (!result.ready) {
    return result.timedOut
      ? 'printed nothing before the timeout'
      : `exited with ${result.code} before it printed a line`;
  }
  return failed ? `failed (exit ${result.code})` : undefined;
}
