import { createInterface } from 'node:readline';
import { createProbe } from './probe';
import { type Command, type OpenDurableStores, type Reply, WORKER_ENV, type WorkerConfig } from './protocol';

/**
 * The body of a worker process of the durable-store process tests. Call it from your worker module (the
 * file the harness spawns); it opens your stores with the options the test passed, builds a toolbox with
 * the real approval and idempotency paths over them, and answers the harness's commands until it exits.
 *
 * @example
 * ```ts
 * // sqlite-worker.ts, spawned by runDurableRace({ workerModule: 'sqlite-worker.ts', ... })
 * import { runDurableWorker } from '@armorer/test/durable';
 * import { createSqliteStores, type SqliteStoresOptions } from '@armorer/store-sqlite';
 *
 * runDurableWorker((options: SqliteStoresOptions) => createSqliteStores(options));
 * ```
 */
export async function runDurableWorker<TOptions>(open: OpenDurableStores<TOptions>): Promise<void> {
  const raw = process.env[WORKER_ENV];
  if (raw === undefined)
    throw new Error(
      `runDurableWorker() runs in a process the durable harness spawned (${WORKER_ENV} is unset).`,
    );
  const config = JSON.parse(raw) as WorkerConfig;
  const send = (reply: Reply) => process.stdout.write(`${JSON.stringify(reply)}\n`);
  const stores = await open(config.storeOptions as TOptions);
  const probe = createProbe(stores, {
    sideFile: config.sideFile,
    approvalSecret: config.approvalSecret,
    ...(config.idempotencyLeaseMs === undefined ? {} : { idempotencyLeaseMs: config.idempotencyLeaseMs }),
    onEntered: (where) => send({ entered: where }),
  });
  let held: Command | undefined;

  const run = async (command: Command): Promise<unknown> => {
    switch (command.op) {
      case 'issue':
        return probe.issue(command.label);
      case 'resume':
        return probe.resume(command.descriptor, command.hang === true);
      case 'execute':
        return probe.execute(command.key, command.label, command.hang === true);
      case 'both':
        return Promise.all([
          probe.resume(command.descriptor, false),
          probe.execute(command.key, command.label, false),
        ]);
      case 'state':
        return probe.state(command.descriptor);
      case 'prepare':
        held = command.command;
        return 'armed';
      case 'go': {
        const next = held;
        held = undefined;
        if (next === undefined) throw new Error('go without a prepared command');
        // Answers under the prepared command's own id.
        respond(next);
        return undefined;
      }
      case 'exit':
        await stores.close?.();
        process.exit(0);
    }
  };

  const respond = (command: Command) => {
    Promise.resolve()
      .then(() => run(command))
      .then(
        (value) => {
          if (command.op !== 'go') send({ id: command.id, ok: true, value: value ?? null });
        },
        (error: unknown) =>
          send({ id: command.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
  };

  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim().length > 0) respond(JSON.parse(line) as Command);
  });
  send({ ready: true, pid: process.pid });
}
