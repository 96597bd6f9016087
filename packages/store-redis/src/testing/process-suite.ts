/**
 * The process tests every durable store must pass (issue 17), over the worker processes of
 * `process-harness.ts`: multi-process races, SIGKILL crashes, restarts. Registered by each store's test file
 * against its own server.
 */
import { expect } from 'bun:test';
import {
  buildStack,
  chargeOnce,
  type HarnessTarget,
  pause,
  resume,
  startWorker,
  type WorkerProcess,
} from './process-harness';

/** The runner functions the suite registers with (`bun:test`). */
export interface SuiteApi {
  describe(name: string, body: () => void): unknown;
  test(name: string, body: () => Promise<void>, timeoutMs?: number): unknown;
}

/** Counts of the suite, overridable to keep CI fast. */
export interface SuiteOptions {
  readonly workers?: number;
  readonly rounds?: number;
}

const unique = () => `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Registers the multi-process, crash and restart tests against `target` (a fresh prefix per test). */
export function defineProcessTests(
  name: string,
  base: () => Omit<HarnessTarget, 'prefix'> & { readonly prefix: (label: string) => string },
  api: SuiteApi,
  options: SuiteOptions = {},
): void {
  const workers = options.workers ?? 8;
  const rounds = options.rounds ?? 200;
  const targetFor = (label: string, leaseMs?: number): HarnessTarget => {
    const { prefix, ...rest } = base();
    return { ...rest, prefix: prefix(label), ...(leaseMs === undefined ? {} : { leaseMs }) };
  };

  api.describe(`${name}: worker processes`, () => {
    api.test(
      `${workers} processes resume one approval and claim one key at once, ${rounds} rounds: one execution each`,
      async () => {
        const target = targetFor('race');
        const parent = await buildStack(target);
        const pool: WorkerProcess[] = await Promise.all(
          Array.from({ length: workers }, () => startWorker(target)),
        );
        try {
          const perRound: string[] = [];
          for (let round = 0; round < rounds; round++) {
            const descriptor = await pause(parent, `race-${round}`);
            const key = `order-${unique()}-${round}`;
            await Promise.all(
              pool.map((worker) => worker.request({ op: 'arm', descriptor, key }, ['armed'])),
            );
            for (const worker of pool) worker.send({ op: 'go' });
            const done = await Promise.all(pool.map((worker) => worker.next(['done'])));
            const paid = done.reduce((sum, reply) => sum + (reply.ran ?? 0), 0);
            const charged = done.reduce((sum, reply) => sum + (reply.charged ?? 0), 0);
            if (paid !== 1 || charged !== 1)
              perRound.push(`round ${round}: ${paid} payments, ${charged} charges`);
            if (round === 0)
              expect(await parent.approvalStateStore.state(descriptor.binding)).toBe('consumed');
          }
          expect(perRound).toEqual([]);
        } finally {
          await Promise.all(
            pool.map((worker) => worker.request({ op: 'exit' }, ['never']).catch(() => undefined)),
          );
          await parent.close();
        }
      },
      600_000,
    );

    api.test(
      'SIGKILL between claim and completion leaves unknown-outcome, never a second charge',
      async () => {
        const target = targetFor('crash-claim', 500);
        const key = `order-${unique()}`;
        const doomed = await startWorker(target);
        doomed.send({ op: 'hold-charge', key });
        expect((await doomed.next(['holding'])).outcome).toBe('charging');
        await doomed.kill('SIGKILL');
        const survivor = await startWorker(target);
        try {
          const first = await survivor.request({ op: 'charge', key }, ['charged']);
          expect(first).toMatchObject({ ran: 0, outcome: 'unknown-outcome' });
          await Bun.sleep(600); // the dead attempt's lease runs out: still unknown, never run again
          const later = await survivor.request({ op: 'charge', key }, ['charged']);
          expect(later).toMatchObject({
            ran: 0,
            outcome: 'unknown-outcome',
            code: 'IDEMPOTENCY_UNKNOWN_OUTCOME',
          });
        } finally {
          await survivor.kill();
        }
      },
      120_000,
    );

    api.test(
      'SIGKILL between reserve and commit: refused while reserved, resumable after the lease, once',
      async () => {
        // The lease leaves room for a slow, shared machine between the kill and the early resume.
        const leaseMs = 3000;
        const target = targetFor('crash-reserve', leaseMs);
        const parent = await buildStack(target);
        const descriptor = await pause(parent, 'crash-reserve');
        // Both processes start first, so the early resume below follows the kill by milliseconds.
        const [doomed, survivor] = await Promise.all([startWorker(target), startWorker(target)]);
        doomed.send({ op: 'hold-approval', descriptor });
        expect((await doomed.next(['holding'])).outcome).toBe('reserved');
        await doomed.kill('SIGKILL');
        try {
          expect(await parent.approvalStateStore.state(descriptor.binding)).toBe('reserved');
          const early = await survivor.request({ op: 'resume', descriptor }, ['resumed']);
          expect(early).toMatchObject({ ran: 0, reason: 'already-reserved' });
          await Bun.sleep(leaseMs + 100);
          const resumed = await survivor.request({ op: 'resume', descriptor }, ['resumed']);
          expect(resumed).toMatchObject({ ran: 1, outcome: 'success' });
          const replay = await survivor.request({ op: 'resume', descriptor }, ['resumed']);
          expect(replay).toMatchObject({ ran: 0, reason: 'already-consumed' });
          expect(await parent.approvalStateStore.state(descriptor.binding)).toBe('consumed');
        } finally {
          await survivor.kill();
          await parent.close();
        }
      },
      120_000,
    );

    api.test(
      'a restart: a pending approval resumes in a new process; a completed result is deduped',
      async () => {
        const target = targetFor('restart');
        const key = `order-${unique()}`;
        const before = await startWorker(target);
        const { descriptor } = await before.request({ op: 'pause', key: 'restart-1' }, ['paused']);
        expect(await before.request({ op: 'charge', key }, ['charged'])).toMatchObject({
          ran: 1,
          outcome: 'fresh',
        });
        await before.kill();
        const after = await startWorker(target);
        try {
          const resumed = await after.request({ op: 'resume', ...(descriptor ? { descriptor } : {}) }, [
            'resumed',
          ]);
          expect(resumed).toMatchObject({ ran: 1, outcome: 'success' });
          expect(await after.request({ op: 'charge', key }, ['charged'])).toMatchObject({
            ran: 0,
            outcome: 'deduped',
          });
        } finally {
          await after.kill();
        }
      },
      120_000,
    );
  });
}

/** The server-fault test: the store's own server stopped mid-run, then started again. */
export async function checkServerFault(
  target: HarnessTarget,
  server: { stop(): Promise<void>; start(): Promise<void> },
  isStoreError: (error: unknown) => boolean,
): Promise<void> {
  const stack = await buildStack(target);
  try {
    const descriptor = await pause(stack, 'fault-1');
    const key = `order-${unique()}`;
    await server.stop();
    const refused = await resume(stack, descriptor);
    expect(refused).toMatchObject({ ran: 0, code: 'APPROVAL_INVALID', reason: 'unavailable' });
    expect(await chargeOnce(stack, key)).toMatchObject({ ran: 0, code: 'IDEMPOTENCY_STORE_FAILED' });
    const thrown = await Promise.resolve(stack.approvalStateStore.state(descriptor.binding)).catch(
      (e: unknown) => e,
    );
    expect(isStoreError(thrown)).toBe(true);
    expect((thrown as { code?: string }).code).toBe('unavailable');
    expect(stack.runs).toEqual({ pay: 0, charge: 0 });
    await server.start();
    // The same store objects serve again: the approval issued before the outage resumes once.
    const resumed = await retryWhileUnavailable(() => resume(stack, descriptor));
    expect(resumed).toMatchObject({ ran: 1, outcome: 'success' });
    expect(await chargeOnce(stack, key)).toMatchObject({ ran: 1, outcome: 'fresh' });
    expect(await chargeOnce(stack, key)).toMatchObject({ ran: 0, outcome: 'deduped' });
  } finally {
    await stack.close();
  }
}

/** A client reconnects in the background: the first calls after a restart may still find it connecting. */
async function retryWhileUnavailable<T extends { reason?: string }>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const reply = await call();
    if (reply.reason !== 'unavailable' || Date.now() > deadline) return reply;
    await Bun.sleep(100);
  }
}
