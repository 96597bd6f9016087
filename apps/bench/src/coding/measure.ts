import { spawn } from 'node:child_process';
import { createCodingTools } from '@armorer/coding';

/** One timed run: wall time and how many matching lines were reported. */
export interface Timed {
  readonly ms: number;
  readonly lines: number;
}

/** Median wall time of `runs` runs (after one untimed warm-up run that fills the page cache). */
export async function median(runs: number, body: () => Promise<Timed>): Promise<Timed> {
  await body();
  const results: Timed[] = [];
  for (let run = 0; run < runs; run++) results.push(await body());
  results.sort((a, b) => a.ms - b.ms);
  return results[Math.floor(results.length / 2)] as Timed;
}

/** GNU grep over the same tree; its output is piped and counted (grep treats /dev/null output like -q). */
export function systemGrep(args: readonly string[], pattern: string, directory: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('grep', [...args, '--', pattern, directory], { stdio: ['ignore', 'pipe', 'ignore'] });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      // 0: matches, 1: no match, 2: some files could not be read (still a complete run).
      if (code !== null && code > 2) reject(new Error(`grep exited with ${code}`));
      else resolve({ ms: performance.now() - started, lines });
    });
  });
}

/** The armorer `grep` tool over the same tree, searching whole files like grep does. */
export function armorerGrep(root: string): (pattern: string) => Promise<Timed> {
  const { grep } = createCodingTools({ root, maxFileBytes: 512 * 1024 * 1024, timeoutMs: 120_000 });
  return async (pattern) => {
    const started = performance.now();
    const result = await grep.execute({
      id: 'bench',
      name: 'grep',
      arguments: { pattern, maxMatches: 10_000 },
    });
    const ms = performance.now() - started;
    if (result.error !== undefined) throw new Error(`armorer grep failed: ${result.error.message}`);
    const found = result.result;
    if (found?.truncated && found.truncatedReason === 'maxMatches') {
      throw new Error(
        `pattern ${pattern} has more than 10,000 matches; pick a rarer one so both do the same work`,
      );
    }
    return { ms, lines: found?.matches.length ?? 0 };
  };
}
