import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorkers, type WorkerHandle } from './pool';
import type { WorkerSpawnOptions } from './protocol';

/** One harness run: a side file every probe execution is appended to, a fresh secret, its workers. @internal */
export class DurableSession {
  readonly runId = randomBytes(6).toString('hex');
  readonly #dir: string;
  readonly sideFile: string;
  readonly approvalSecret = randomBytes(32).toString('hex');
  readonly #workers: WorkerHandle[] = [];
  #spawned = 0;

  constructor(readonly options: WorkerSpawnOptions) {
    if (typeof options?.workerModule !== 'string' || options.workerModule.length === 0) {
      throw new TypeError(
        'The durable harness needs workerModule: the path of a module calling runDurableWorker().',
      );
    }
    // Made only once the options are known good: a refused run leaves no directory behind.
    this.#dir = mkdtempSync(join(tmpdir(), 'armorer-durable-'));
    this.sideFile = join(this.#dir, 'executions.log');
  }

  /** Starts `count` more workers on the same stores. */
  async start(count: number): Promise<WorkerHandle[]> {
    const started = await startWorkers(
      count,
      this.options,
      { sideFile: this.sideFile, approvalSecret: this.approvalSecret },
      this.#spawned,
    );
    this.#spawned += count;
    this.#workers.push(...started);
    return started;
  }

  /** How many times the probe really ran, per `kind<TAB>label` (read from the side file, not from workers). */
  executions(): Map<string, number> {
    const counts = new Map<string, number>();
    if (!existsSync(this.sideFile)) return counts;
    for (const line of readFileSync(this.sideFile, 'utf8').split('\n')) {
      if (line.length === 0) continue;
      const [kind, label] = line.split('\t');
      const key = `${kind}\t${label}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  count(kind: 'approval' | 'idempotent', label: string): number {
    return this.executions().get(`${kind}\t${label}`) ?? 0;
  }

  /** Kills every worker still running and removes the side file. */
  async dispose(): Promise<void> {
    try {
      await Promise.all(this.#workers.map((worker) => worker.kill()));
    } finally {
      // Removed even when a worker would not die: a run must not leave its directory behind.
      rmSync(this.#dir, { recursive: true, force: true });
    }
  }
}

/** Runs `body` in a session, always disposing of it. @internal */
export async function withSession<T>(
  options: WorkerSpawnOptions,
  body: (session: DurableSession) => Promise<T>,
): Promise<T> {
  const session = new DurableSession(options);
  try {
    return await body(session);
  } finally {
    await session.dispose();
  }
}

/** Counts values by a string. @internal */
export function tally(into: Record<string, number>, value: string): void {
  into[value] = (into[value] ?? 0) + 1;
}
