/**
 * The process harness of the durable-store tests (Redis and PostgreSQL): real worker processes, each
 * building the same toolboxes a host would (core's `resumeApproval` over the durable approval store, and
 * `withToolboxIdempotency` over the durable result cache), driven over JSON lines on stdin/stdout.
 * Bun only, test code: the published package never loads it.
 *
 * Run as a script it is a worker; imported, it gives the parent side (`startWorker`, `buildStack`).
 */
import type { ApprovalBinding } from '@armorer/approval';
import { createTool, createToolbox, type PendingApproval } from '@armorer/core';
import { fieldKey, withToolboxIdempotency } from '@armorer/idempotency';
import { z } from 'zod';

/** Which store a worker uses, where, and under which key or table prefix. */
export interface HarnessTarget {
  readonly kind: 'redis' | 'postgres';
  readonly url: string;
  readonly prefix: string;
  /** Reservation lease of the approval store and lease of the idempotency cache (default 5 min / 30 s). */
  readonly leaseMs?: number;
}

export const SECRET = 'durable-store-harness-secret-0123456789';
export const TENANT = 'tenant-1';
export const requestContext = Object.freeze({
  authority: Object.freeze({
    principalId: 'user-1',
    tenantId: TENANT,
    ownerId: 'session-1',
    capabilities: Object.freeze(['payments:send']),
    authorizationRevision: 'auth-1',
  }),
  audience: 'tenant',
  agentId: 'agent-1',
  runId: 'run-1',
});

/** A pending approval as it comes back from JSON storage. */
export type Descriptor = PendingApproval & { binding: ApprovalBinding };

/** What a command answers. */
export interface Reply {
  readonly op: string;
  readonly ran?: number;
  readonly charged?: number;
  readonly outcome?: string;
  readonly code?: string;
  readonly reason?: string;
  readonly descriptor?: Descriptor;
  readonly state?: string | null;
  readonly error?: string;
}

/** The stores, the toolboxes and their execution counters, built the same way in every process. */
export async function buildStack(target: HarnessTarget, hooks: { onHold?: (what: string) => void } = {}) {
  const stores = await createStores(target);
  const runs = { pay: 0, charge: 0 };
  const hold = { approval: false, charge: false };
  const never = new Promise<never>(() => undefined);
  const pay = createTool({
    name: 'send-payment',
    description: 'Send money to a payee',
    input: z.object({ payee: z.string().min(1), cents: z.number().int().positive() }),
    metadata: { mutates: true },
    async execute({ payee, cents }) {
      runs.pay++;
      return { paid: payee, cents };
    },
  });
  const charge = createTool({
    name: 'charge-card',
    description: 'Charge a card for an order',
    input: z.object({ orderId: z.string() }),
    metadata: { mutates: true },
    idempotencyKey: fieldKey('orderId'),
    async execute({ orderId }) {
      runs.charge++;
      if (hold.charge) {
        hooks.onHold?.('charging');
        await never;
      }
      return { charged: orderId };
    },
  });
  const approvals = createToolbox([pay], {
    approvalSecret: SECRET,
    approvalStateStore: stores.approvalStateStore,
    policyRevision: 'policy-1',
    toolboxRevision: 'toolbox-1',
    approvalRevision: 'approval-1',
    policy: {
      async beforeExecute(context) {
        if (!context.approval?.approved)
          return { status: 'needs_approval', reason: 'Payments need a person' };
        // Reserved, not yet committed: a crash test kills the process here.
        if (hold.approval) {
          hooks.onHold?.('reserved');
          await never;
        }
        return { allow: true };
      },
    },
  });
  const leaseMs = target.leaseMs ?? 30_000;
  const idempotent = withToolboxIdempotency(createToolbox([charge]), {
    cache: stores.toolResultCache,
    tenantId: TENANT,
    leaseMs,
    maxLeaseMs: leaseMs * 4,
  });
  return { ...stores, runs, hold, approvals, idempotent };
}

async function createStores(target: HarnessTarget) {
  const reservationLeaseMs = target.leaseMs ?? 5 * 60_000;
  if (target.kind === 'redis') {
    const { default: Redis } = await import('ioredis');
    const { createRedisApprovalStateStore, createRedisToolResultCache } = await import('../index');
    // Fail fast while the server is down (a typed StoreError), reconnect in the background.
    const client = new Redis(target.url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    client.on('error', () => undefined);
    await client.connect().catch(() => undefined);
    const options = { client, keyPrefix: target.prefix };
    return {
      approvalStateStore: createRedisApprovalStateStore({ ...options, reservationLeaseMs }),
      toolResultCache: createRedisToolResultCache(options),
      close: async () => client.disconnect(),
    };
  }
  const { default: pg } = await import('pg');
  const { createPostgresApprovalStateStore, createPostgresToolResultCache } = await import(
    '../../../store-postgres/src/index'
  );
  const pool = new pg.Pool({ connectionString: target.url, max: 4, connectionTimeoutMillis: 2000 });
  // An idle connection the server dropped must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const options = { client: pool, tablePrefix: target.prefix };
  return {
    approvalStateStore: createPostgresApprovalStateStore({ ...options, reservationLeaseMs }),
    toolResultCache: createPostgresToolResultCache(options),
    close: () => pool.end(),
  };
}

type Stack = Awaited<ReturnType<typeof buildStack>>;

/** Pauses one payment for approval and returns its descriptor, JSON round-tripped. */
export async function pause(stack: Stack, callId: string): Promise<Descriptor> {
  const result = await stack.approvals.execute(
    { id: callId, name: 'send-payment', arguments: { payee: 'ada', cents: 500 } },
    { requestContext },
  );
  if (result.outcome !== 'action_required' || result.pendingApproval?.binding === undefined) {
    throw new Error(`expected a signed pause, got ${result.outcome}: ${JSON.stringify(result.error)}`);
  }
  return JSON.parse(JSON.stringify(result.pendingApproval)) as Descriptor;
}

/** Resumes an approval; `ran` counts the tool's executions during the call. */
export async function resume(stack: Stack, descriptor: Descriptor): Promise<Reply> {
  const before = stack.runs.pay;
  const result = await stack.approvals.resumeApproval(descriptor, { requestContext });
  const reason = (result.error?.details as { reason?: unknown } | undefined)?.reason;
  return {
    op: 'resumed',
    ran: stack.runs.pay - before,
    outcome: result.outcome,
    ...(result.error?.code === undefined ? {} : { code: result.error.code }),
    ...(typeof reason === 'string' ? { reason } : {}),
  };
}

/** Runs the idempotent charge under `key`; `ran` counts the tool's executions during the call. */
export async function chargeOnce(stack: Stack, key: string): Promise<Reply> {
  const before = stack.runs.charge;
  const result = await stack.idempotent.execute(
    { id: `call-${key}`, name: 'charge-card', arguments: { orderId: key } },
    { idempotencyKey: key, requestContext },
  );
  return {
    op: 'charged',
    ran: stack.runs.charge - before,
    outcome: result.idempotency?.outcome ?? result.outcome,
    ...(result.error?.code === undefined ? {} : { code: result.error.code }),
  };
}

// ── the worker ───────────────────────────────────────────────────────────────────────────────────────

interface Command {
  readonly op: 'arm' | 'go' | 'pause' | 'resume' | 'charge' | 'hold-approval' | 'hold-charge' | 'exit';
  readonly descriptor?: Descriptor;
  readonly key?: string;
}

async function workerMain(): Promise<void> {
  const target = JSON.parse(process.env.ARMORER_HARNESS_TARGET ?? '{}') as HarnessTarget;
  const write = (reply: Reply) => process.stdout.write(`${JSON.stringify(reply)}\n`);
  const stack = await buildStack(target, { onHold: (what) => write({ op: 'holding', outcome: what }) });
  let armed: Command | undefined;
  write({ op: 'ready' });
  const handle = async (command: Command): Promise<Reply | undefined> => {
    switch (command.op) {
      case 'arm':
        armed = command;
        return { op: 'armed' };
      case 'go': {
        const job = armed as Command;
        const [approval, charge] = await Promise.all([
          resume(stack, job.descriptor as Descriptor),
          chargeOnce(stack, job.key as string),
        ]);
        return {
          op: 'done',
          ran: approval.ran ?? 0,
          charged: charge.ran ?? 0,
          outcome: `${approval.outcome}|${charge.outcome}`,
        };
      }
      case 'pause':
        return { op: 'paused', descriptor: await pause(stack, command.key as string) };
      case 'resume':
        return await resume(stack, command.descriptor as Descriptor);
      case 'charge':
        return await chargeOnce(stack, command.key as string);
      case 'hold-approval':
        stack.hold.approval = true;
        void resume(stack, command.descriptor as Descriptor);
        return undefined;
      case 'hold-charge':
        stack.hold.charge = true;
        void chargeOnce(stack, command.key as string);
        return undefined;
      case 'exit':
        await stack.close();
        process.exit(0);
    }
  };
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of Bun.stdin.stream()) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      handle(JSON.parse(line) as Command).then(
        (reply) => reply && write(reply),
        (error: unknown) => write({ op: 'error', error: String(error) }),
      );
    }
  }
}

// ── the parent side ──────────────────────────────────────────────────────────────────────────────────

/** A worker process and its replies, in order. */
export interface WorkerProcess {
  send(command: Command): void;
  /** The next reply whose `op` is one of `ops` (earlier ones of other kinds are dropped). */
  next(ops: readonly string[], timeoutMs?: number): Promise<Reply>;
  request(command: Command, ops: readonly string[]): Promise<Reply>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a worker process against `target` and waits until its stores are built. */
export async function startWorker(target: HarnessTarget): Promise<WorkerProcess> {
  const proc = Bun.spawn(['bun', '--conditions=@armorer/source', import.meta.path], {
    env: { ...process.env, ARMORER_HARNESS_TARGET: JSON.stringify(target), ARMORER_HARNESS_WORKER: '1' },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const replies: Reply[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of proc.stdout) {
      buffered += decoder.decode(chunk, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') replies.push(JSON.parse(line) as Reply);
      for (const wake of waiters.splice(0)) wake();
    }
    for (const wake of waiters.splice(0)) wake();
  })();
  const worker: WorkerProcess = {
    send(command) {
      proc.stdin.write(`${JSON.stringify(command)}\n`);
      proc.stdin.flush();
    },
    async next(ops, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = replies.findIndex((reply) => ops.includes(reply.op) || reply.op === 'error');
        if (index !== -1) {
          const [reply] = replies.splice(index, 1) as [Reply];
          if (reply.op === 'error') throw new Error(`worker failed: ${reply.error}`);
          return reply;
        }
        if (proc.exitCode !== null || proc.signalCode !== null)
          throw new Error(`worker exited before ${ops}`);
        if (Date.now() > deadline) throw new Error(`no ${ops.join('/')} reply within ${timeoutMs} ms`);
        await Promise.race([new Promise<void>((wake) => waiters.push(wake)), Bun.sleep(100)]);
      }
    },
    async request(command, ops) {
      worker.send(command);
      return await worker.next(ops);
    },
    async kill(signal = 'SIGTERM') {
      proc.kill(signal);
      await proc.exited;
    },
  };
  await worker.next(['ready'], 60_000);
  return worker;
}

if (import.meta.main && process.env.ARMORER_HARNESS_WORKER === '1') await workerMain();
