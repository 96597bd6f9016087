import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Command, Reply, WorkerConfig, WorkerSpawnOptions } from './protocol';
import { WORKER_ENV } from './protocol';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A command without its id (the pool assigns ids). */
export type Request = Distribute<Command>;

/** One worker process and its line protocol. @internal */
export class WorkerHandle {
  readonly child: ChildProcess;
  readonly ready: Promise<number>;
  readonly #pending = new Map<number, Pending>();
  readonly #entered: ((where: string) => void)[] = [];
  readonly #timeout: number;
  #nextId = 1;
  #stderr = '';
  #exited = false;

  constructor(options: WorkerSpawnOptions, config: WorkerConfig) {
    this.#timeout = options.commandTimeoutMs ?? 30_000;
    this.child = spawn(
      options.runtime ?? process.execPath,
      [...(options.execArgv ?? []), options.workerModule],
      {
        env: { ...process.env, [WORKER_ENV]: JSON.stringify(config) },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-4000);
    });
    let onReady: (pid: number) => void = () => undefined;
    let onFail: (error: Error) => void = () => undefined;
    this.ready = new Promise<number>((resolve, reject) => {
      onReady = resolve;
      onFail = reject;
    });
    createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      let reply: Reply;
      try {
        reply = JSON.parse(line) as Reply;
      } catch {
        return; // Not protocol output (a store's own logging).
      }
      if ('ready' in reply) onReady(reply.pid);
      else if ('entered' in reply) for (const listener of this.#entered.splice(0)) listener(reply.entered);
      else {
        const pending = this.#pending.get(reply.id);
        this.#pending.delete(reply.id);
        if (reply.ok) pending?.resolve(reply.value);
        else pending?.reject(new Error(`worker ${config.index}: ${reply.error}`));
      }
    });
    this.child.on('exit', (code, signal) => {
      this.#exited = true;
      const error = new Error(
        `worker ${config.index} exited (${signal ?? code})${this.#stderr ? `:\n${this.#stderr}` : ''}`,
      );
      onFail(error);
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    });
  }

  /** Sends a command and resolves with its reply. */
  request<T = unknown>(request: Request): Promise<T> {
    const id = this.#nextId++;
    return this.#send({ ...request, id } as Command) as Promise<T>;
  }

  /** Arms a command behind the barrier; returns the promise of its eventual result. */
  async prepare<T = unknown>(request: Request): Promise<{ result: Promise<T> }> {
    const inner = { ...request, id: this.#nextId++ } as Command;
    const result = this.#expect(inner.id) as Promise<T>;
    result.catch(() => undefined);
    await this.request({ op: 'prepare', command: inner });
    return { result };
  }

  /** Releases the armed command. */
  go(): void {
    this.child.stdin?.write(`${JSON.stringify({ id: this.#nextId++, op: 'go' })}\n`);
  }

  /** Resolves when the worker reports that a hanging call reached `where`. */
  entered(): Promise<string> {
    return new Promise((resolve) => this.#entered.push(resolve));
  }

  /** Asks the worker to close its stores and exit; waits for it. */
  async exit(): Promise<void> {
    if (this.#exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.write(`${JSON.stringify({ id: this.#nextId++, op: 'exit' })}\n`);
    await gone;
  }

  /** SIGKILLs the worker and waits until it is gone. */
  async kill(): Promise<void> {
    if (this.#exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGKILL');
    await gone;
  }

  #send(command: Command): Promise<unknown> {
    const reply = this.#expect(command.id);
    this.child.stdin?.write(`${JSON.stringify(command)}\n`);
    return reply;
  }

  #expect(id: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`a worker command timed out after ${this.#timeout} ms`));
      }, this.#timeout);
      const clear = () => clearTimeout(timer);
      this.#pending.set(id, {
        resolve: (value) => {
          clear();
          resolve(value);
        },
        reject: (error) => {
          clear();
          reject(error);
        },
      });
      if (this.#exited) this.#pending.get(id)?.reject(new Error('the worker already exited'));
    });
  }
}

/** Starts `count` workers and waits until each opened its stores. @internal */
export async function startWorkers(
  count: number,
  options: WorkerSpawnOptions,
  shared: { sideFile: string; approvalSecret: string },
  firstIndex = 0,
): Promise<WorkerHandle[]> {
  const workers = Array.from(
    { length: count },
    (_, offset) =>
      new WorkerHandle(options, {
        index: firstIndex + offset,
        storeOptions: options.storeOptions,
        ...shared,
        ...(options.idempotencyLeaseMs === undefined
          ? {}
          : { idempotencyLeaseMs: options.idempotencyLeaseMs }),
      }),
  );
  try {
    await Promise.all(workers.map((worker) => worker.ready));
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.kill()));
    throw error;
  }
  return workers;
}
