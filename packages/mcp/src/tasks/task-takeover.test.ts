import { afterEach, describe, expect, test } from 'bun:test';
import { randomUUID } from 'node:crypto';
import { createTool, createToolbox, getToolRevision, type Toolbox } from '@armorer/core';
import { createProcessLocalTaskStateStore, createToolResultCache } from '@armorer/idempotency';
import { authenticateByBearer, principalContext } from '../__fixtures__/approval';
import { firstText, taskClient } from '../__fixtures__/task-client';
import { createMCP } from '../server/create-mcp';
import type { ArmorerMcpServer, CreateMcpOptions } from '../server/types';
import { taskJson } from './task-data';

let servers: ArmorerMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close({ drainTimeoutMs: 0 })));
  servers = [];
});

/** Stores every instance of one test shares (what Redis or PostgreSQL is for separate processes). */
function sharedStores() {
  return {
    taskStateStore: createProcessLocalTaskStateStore(),
    cache: createToolResultCache({ store: new Map() }),
  };
}

async function instance(
  toolbox: Toolbox,
  stores: ReturnType<typeof sharedStores>,
  tasks: CreateMcpOptions['tasks'] = {},
) {
  const mcp = createMCP(toolbox, {
    ...stores,
    callOptions: (info) => principalContext(info),
    tasks: { pollIntervalMs: 10, ...(typeof tasks === 'object' ? tasks : {}) },
  });
  servers.push(mcp);
  return { mcp, url: (await mcp.serveHttp({ authenticate: authenticateByBearer })).url };
}

/** A tool that records each run and then waits until the test ends (its instance "dies" meanwhile). */
function stuckTool(runs: string[], metadata: Record<string, unknown> = { longRunning: true }) {
  const started: Array<() => void> = [];
  const tool = createTool({
    name: 'transfer',
    description: 'Moves money; slow',
    metadata,
    execute: () => {
      runs.push('transfer');
      for (const wake of started.splice(0)) wake();
      return runs.length > 1 ? 'transferred' : new Promise<string>(() => undefined);
    },
  });
  const running = () =>
    new Promise<void>((resolve) => {
      if (runs.length > 0) resolve();
      else started.push(resolve);
    });
  return { toolbox: createToolbox([tool]), running };
}

/** Starts `transfer` on a first instance, waits until it runs, and stops that instance. */
async function dieWhileRunning(
  toolbox: Toolbox,
  running: () => Promise<void>,
  stores: ReturnType<typeof sharedStores>,
  tasks?: CreateMcpOptions['tasks'],
) {
  const first = await instance(toolbox, stores, tasks);
  const created = await taskClient(first.url).call('transfer');
  expect(created.result?.['resultType']).toBe('task');
  await running();
  // Closing without a drain hands the task back as a crash would, only sooner: its lease ends now.
  await first.mcp.close({ drainTimeoutMs: 0 });
  return String(created.result?.['taskId']);
}

describe('tasks: taken over after the instance running them stopped', () => {
  test('a call that may have run ends failed with an unknown outcome, and never runs twice', async () => {
    const runs: string[] = [];
    const stores = sharedStores();
    const { toolbox, running } = stuckTool(runs);
    const taskId = await dieWhileRunning(toolbox, running, stores);
    const restarted = await instance(toolbox, stores);
    const done = await taskClient(restarted.url).settled(taskId);
    expect(done['status']).toBe('failed');
    expect(done['error']).toMatchObject({
      code: -32603,
      data: { 'armorer/error': { code: 'IDEMPOTENCY_UNKNOWN_OUTCOME' } },
    });
    expect(runs).toEqual(['transfer']);
  });

  test('an idempotent tool runs again there, under a key of its own', async () => {
    const runs: string[] = [];
    const stores = sharedStores();
    const { toolbox, running } = stuckTool(runs, { longRunning: true, idempotent: true });
    const taskId = await dieWhileRunning(toolbox, running, stores);
    const other = await instance(toolbox, stores);
    const done = await taskClient(other.url).settled(taskId);
    expect(done['status']).toBe('completed');
    expect(firstText(done['result'])).toBe('transferred');
    expect(runs).toEqual(['transfer', 'transfer']);
  });

  test('a task recorded before its call started runs on the instance that takes it over, once', async () => {
    const runs: string[] = [];
    const stores = sharedStores();
    const tool = createTool({
      name: 'report',
      description: 'Report',
      metadata: { longRunning: true },
      execute: () => {
        runs.push('report');
        return 'ready';
      },
    });
    const toolbox = createToolbox([tool]);
    const now = Date.now();
    const taskId = randomUUID();
    // What an instance writes before it runs the call, left behind by one that died right then.
    await stores.taskStateStore.create({
      version: 1,
      tenantId: 'acme',
      principalId: 'alice',
      taskId,
      status: 'working',
      revision: 1,
      createdAt: now,
      updatedAt: now,
      expiresAt: now + 60_000,
      statusMessage: null,
      progress: null,
      owner: 'mcp-gone',
      leaseExpiresAt: now - 1,
      cancelRequested: false,
      data: taskJson({
        v: 1,
        tool: 'report',
        arguments: {},
        origin: 'declared',
        key: `mcp-task:${taskId}`,
        revision: getToolRevision(tool),
        attempt: 0,
        phase: 'run',
        pauses: 0,
      }),
      result: null,
      error: null,
    });
    const other = await instance(toolbox, stores);
    const alice = taskClient(other.url);
    const done = await alice.settled(taskId);
    expect(firstText(done['result'])).toBe('ready');
    await Promise.all([alice.get(taskId), alice.get(taskId)]);
    expect(runs).toEqual(['report']);
  });

  test('a call promoted after afterMs whose instance stopped ends failed', async () => {
    const runs: string[] = [];
    const stores = sharedStores();
    const { toolbox, running } = stuckTool(runs, {});
    const taskId = await dieWhileRunning(toolbox, running, stores, { afterMs: 0 });
    const other = await instance(toolbox, stores, { afterMs: 0 });
    const done = await taskClient(other.url).settled(taskId);
    expect(done['status']).toBe('failed');
    expect(runs).toEqual(['transfer']);
  });

  test('a task whose tool changed since it started ends failed rather than running the new tool', async () => {
    const runs: string[] = [];
    const stores = sharedStores();
    const { toolbox, running } = stuckTool(runs, { longRunning: true, idempotent: true });
    const taskId = await dieWhileRunning(toolbox, running, stores);
    const changed = createTool({
      name: 'transfer',
      description: 'Moves money, differently',
      metadata: { longRunning: true, idempotent: true },
      execute: () => {
        runs.push('changed');
        return 'changed';
      },
    });
    const other = await instance(createToolbox([changed]), stores);
    const done = await taskClient(other.url).settled(taskId);
    expect(done['status']).toBe('failed');
    expect(JSON.stringify(done['error'])).toContain('changed after this task started');
    expect(runs).toEqual(['transfer']);
  });

  test('a task whose instance stopped can be cancelled from another', async () => {
    const runs: string[] = [];
    const stores = sharedStores();
    const { toolbox, running } = stuckTool(runs);
    const taskId = await dieWhileRunning(toolbox, running, stores);
    const other = await instance(toolbox, stores);
    const alice = taskClient(other.url);
    await alice.cancel(taskId);
    expect((await alice.get(taskId)).result?.['status']).toBe('cancelled');
    expect(runs).toEqual(['transfer']);
  });
});
