import { afterEach, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { createProcessLocalTaskStateStore, createToolResultCache } from '@armorer/idempotency';
import { z } from 'zod';
import { authenticateByBearer, principalContext } from '../__fixtures__/approval';
import { resultText } from '../__fixtures__/client-suite';
import { connectHttp } from '../__fixtures__/clients';
import { firstText, rpc, taskClient } from '../__fixtures__/task-client';
import { createMCP } from '../server/create-mcp';
import type { ArmorerMcpServer, CreateMcpOptions } from '../server/types';

let servers: ArmorerMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close({ drainTimeoutMs: 100 })));
  servers = [];
});

/** A gate a test opens: tools wait on it, so "still running" never depends on a clock. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

function reportToolbox(runs: string[], release: Promise<void>) {
  const report = createTool({
    name: 'export-report',
    description: 'Export a long report',
    input: { year: z.number().int() },
    metadata: { longRunning: true },
    async execute({ year }, { progress }) {
      runs.push(`report:${year}`);
      progress({ percent: 40, message: 'halfway' });
      await release;
      return `report ${year}`;
    },
  });
  const quick = createTool({
    name: 'quick',
    description: 'Answers at once',
    execute: () => {
      runs.push('quick');
      return 'quick';
    },
  });
  const slow = createTool({
    name: 'slow',
    description: 'Not declared long-running, but slow',
    async execute() {
      runs.push('slow');
      await release;
      return 'slow done';
    },
  });
  return createToolbox([report, quick, slow]);
}

async function serve(toolbox: ReturnType<typeof createToolbox>, options: CreateMcpOptions = {}) {
  const mcp = createMCP(toolbox, {
    callOptions: (info) => principalContext(info),
    tasks: { pollIntervalMs: 25 },
    ...options,
  });
  servers.push(mcp);
  const { url } = await mcp.serveHttp({ authenticate: authenticateByBearer });
  return { mcp, url };
}

describe('tasks: a long-running call answers CreateTaskResult and is polled to its result', () => {
  test('server/discover advertises the extension to 2026 clients', async () => {
    const { url } = await serve(reportToolbox([], Promise.resolve()));
    const answer = await rpc(url, 'server/discover', {});
    expect(answer.result?.['capabilities']).toMatchObject({
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    });
  });

  test('a declared tool becomes a working task, shows its progress, and completes once', async () => {
    const runs: string[] = [];
    const release = gate();
    const { url } = await serve(reportToolbox(runs, release.opened));
    const alice = taskClient(url);
    const created = await alice.call('export-report', { year: 2025 });
    const task = created.result ?? {};
    expect(task).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: 3_600_000,
      pollIntervalMs: 25,
    });
    expect(typeof task['taskId']).toBe('string');
    expect(Number.isNaN(Date.parse(String(task['createdAt'])))).toBe(false);
    const taskId = String(task['taskId']);
    const progressed = await alice.until(taskId, (each) => each['statusMessage'] === '40%: halfway');
    expect(progressed).toMatchObject({ status: 'working', resultType: 'complete' });
    release.open();
    const done = await alice.settled(taskId);
    expect(done['status']).toBe('completed');
    expect(firstText(done['result'])).toBe('report 2025');
    expect(runs).toEqual(['report:2025']);
    // Polled again, a terminal task answers the same.
    expect((await alice.get(taskId)).result).toMatchObject({ status: 'completed' });
  });

  test('a client that does not declare the extension gets the result itself; a 2025 client too', async () => {
    const runs: string[] = [];
    const { url } = await serve(reportToolbox(runs, Promise.resolve()));
    const plain = await rpc(
      url,
      'tools/call',
      { name: 'export-report', arguments: { year: 1 } },
      { tasks: false },
    );
    expect(plain.result?.['resultType']).toBe('complete');
    expect(firstText(plain.result)).toBe('report 1');
    const legacy = await connectHttp(url, 'v2-legacy', undefined, { authorization: 'Bearer alice' });
    expect(resultText(await legacy.callTool({ name: 'export-report', arguments: { year: 2 } }))).toBe(
      'report 2',
    );
    await legacy.close();
    expect(runs).toEqual(['report:1', 'report:2']);
  });

  test('with afterMs, a call still running then becomes a task; one that ends first answers itself', async () => {
    const runs: string[] = [];
    const release = gate();
    const { url } = await serve(reportToolbox(runs, release.opened), {
      tasks: { afterMs: 0, pollIntervalMs: 25 },
    });
    const alice = taskClient(url);
    expect(firstText((await alice.call('quick')).result)).toBe('quick');
    const created = await alice.call('slow');
    expect(created.result?.['resultType']).toBe('task');
    release.open();
    const done = await alice.settled(String(created.result?.['taskId']));
    expect(firstText(done['result'])).toBe('slow done');
    expect(runs).toEqual(['quick', 'slow']);
  });

  test('a tool error completes the task with the isError result (failed is for protocol errors only)', async () => {
    const failing = createTool({
      name: 'failing',
      description: 'Fails',
      metadata: { longRunning: true },
      execute: () => {
        throw new Error('disk full');
      },
    });
    const { url } = await serve(createToolbox([failing]));
    const alice = taskClient(url);
    const created = await alice.call('failing');
    const done = await alice.settled(String(created.result?.['taskId']));
    expect(done['status']).toBe('completed');
    expect(done['result']).toMatchObject({ isError: true });
    expect(firstText(done['result'])).toContain('disk full');
  });
});

describe('tasks: requests about a task', () => {
  test('an unknown task, a malformed id and a request without the extension are refused as the spec says', async () => {
    const { url } = await serve(reportToolbox([], Promise.resolve()));
    const alice = taskClient(url);
    expect((await alice.get('no-such-task')).error?.code).toBe(-32602);
    expect((await alice.get('a b/../c')).error?.code).toBe(-32602);
    expect((await alice.cancel('no-such-task')).error?.code).toBe(-32602);
    expect((await alice.update('no-such-task', {})).error?.code).toBe(-32602);
    const created = await alice.call('export-report', { year: 3 });
    const undeclared = await rpc(url, 'tasks/get', { taskId: created.result?.['taskId'] }, { tasks: false });
    expect(undeclared.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
  });

  test('another principal can neither see, answer, cancel nor list a task', async () => {
    const release = gate();
    const { url } = await serve(reportToolbox([], release.opened));
    const alice = taskClient(url);
    const bob = taskClient(url, { principal: 'bob' });
    const taskId = String((await alice.call('export-report', { year: 4 })).result?.['taskId']);
    expect((await bob.get(taskId)).error?.code).toBe(-32602);
    expect((await bob.cancel(taskId)).error?.code).toBe(-32602);
    expect((await bob.update(taskId, { 'approval-1': { action: 'accept' } })).error?.code).toBe(-32602);
    expect((await bob.list()).result?.['tasks']).toEqual([]);
    const listed = (await alice.list()).result?.['tasks'] as Record<string, unknown>[];
    expect(listed.map((task) => task['taskId'])).toEqual([taskId]);
    expect(listed[0]?.['_meta']).toEqual({ 'armorer/toolName': 'export-report' });
    expect((await alice.get(taskId)).result?.['status']).toBe('working');
    release.open();
  });

  test('listing needs a principal, pages newest first, and refuses a forged cursor', async () => {
    const { url } = await serve(reportToolbox([], Promise.resolve()), {
      callOptions: (info) => (info.authInfo === undefined ? undefined : principalContext(info)),
    });
    const anonymous = await rpc(url, 'armorer/tasks/list', {}, { principal: undefined });
    expect(anonymous.status).toBe(401);
    const alice = taskClient(url);
    const ids: string[] = [];
    for (let year = 0; year < 5; year++) {
      ids.push(String((await alice.call('export-report', { year })).result?.['taskId']));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await alice.list({ limit: 2, ...(cursor === undefined ? {} : { cursor }) })).result ?? {};
      seen.push(...(page['tasks'] as { taskId: string }[]).map((task) => task.taskId));
      cursor = page['nextCursor'] as string | undefined;
    } while (cursor !== undefined);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen).toHaveLength(5);
    expect((await alice.list({ cursor: 'forged' })).error?.code).toBe(-32602);
  });

  test('cancelling a running task aborts its call and ends it cancelled', async () => {
    const aborted: string[] = [];
    const waits = createTool({
      name: 'waits',
      description: 'Waits for its signal',
      metadata: { longRunning: true },
      execute: (_input, { signal }) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            aborted.push('aborted');
            reject(signal.reason);
          });
        }),
    });
    const { url } = await serve(createToolbox([waits]));
    const alice = taskClient(url);
    const taskId = String((await alice.call('waits')).result?.['taskId']);
    expect((await alice.cancel(taskId)).result).toMatchObject({ resultType: 'complete' });
    const done = await alice.settled(taskId);
    expect(done['status']).toBe('cancelled');
    expect(aborted).toEqual(['aborted']);
  });
});

describe('tasks: several instances sharing the stores', () => {
  test('a task started on one instance is polled, and finished, through another', async () => {
    const runs: string[] = [];
    const release = gate();
    const shared = {
      taskStateStore: createProcessLocalTaskStateStore(),
      cache: createToolResultCache({ store: new Map() }),
    };
    const toolbox = reportToolbox(runs, release.opened);
    const one = await serve(toolbox, shared);
    const two = await serve(toolbox, shared);
    const taskId = String((await taskClient(one.url).call('export-report', { year: 5 })).result?.['taskId']);
    const elsewhere = taskClient(two.url);
    expect((await elsewhere.get(taskId)).result?.['status']).toBe('working');
    release.open();
    const done = await elsewhere.settled(taskId);
    expect(firstText(done['result'])).toBe('report 5');
    expect(runs).toEqual(['report:5']);
  });
});
