import { afterEach, describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import { createTool, createToolbox, type PendingApproval } from '@armorer/core';
import { createProcessLocalTaskStateStore, createToolResultCache } from '@armorer/idempotency';
import { z } from 'zod';
import { authenticateByBearer, principalContext } from '../__fixtures__/approval';
import { firstText, taskClient } from '../__fixtures__/task-client';
import { createMCP } from '../server/create-mcp';
import type { ArmorerMcpServer } from '../server/types';

let servers: ArmorerMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close({ drainTimeoutMs: 100 })));
  servers = [];
});

/** Two instances sharing every store, serving a long-running `pay` that always needs approval. */
async function cluster() {
  const paid: number[] = [];
  const pauses: PendingApproval[] = [];
  const approvalStateStore = createProcessLocalApprovalStateStore();
  const pay = createTool({
    name: 'pay',
    description: 'Send a payment (slowly)',
    input: { cents: z.number().int().positive() },
    metadata: { mutates: true, longRunning: true },
    execute: ({ cents }) => {
      paid.push(cents);
      return `paid ${cents}`;
    },
  });
  pay.addEventListener('policy-action-required', (event) => {
    pauses.push(event.detail.pendingApproval);
  });
  const toolbox = createToolbox([pay], {
    approvalSecret: 'mcp-task-approval-secret-0123456789',
    approvalPolicy: { mode: 'always' },
    approvalStateStore,
  });
  const shared = {
    taskStateStore: createProcessLocalTaskStateStore(),
    cache: createToolResultCache({ store: new Map() }),
  };
  const urls: string[] = [];
  for (let index = 0; index < 2; index++) {
    const mcp = createMCP(toolbox, {
      ...shared,
      callOptions: (info) => principalContext(info),
      tasks: { pollIntervalMs: 10 },
    });
    servers.push(mcp);
    urls.push((await mcp.serveHttp({ authenticate: authenticateByBearer })).url);
  }
  /** Where the binding of the one pause stands in the shared approval store. */
  const bindingState = async () => {
    expect(pauses).toHaveLength(1);
    return approvalStateStore.state(parseApprovalBinding(pauses[0]?.binding));
  };
  return { paid, urls, bindingState };
}

const approve = { action: 'accept', content: { approve: true } };

/** Starts `pay` on the first instance and waits until its task asks for approval. */
async function paused(urls: string[], cents = 300) {
  const alice = taskClient(urls[0] as string);
  const created = await alice.call('pay', { cents });
  expect(created.result?.['resultType']).toBe('task');
  const taskId = String(created.result?.['taskId']);
  const waiting = await alice.until(taskId, (task) => task['status'] !== 'working');
  return { taskId, waiting };
}

describe('tasks: an approval inside a task', () => {
  test('the pause moves the task to input_required with one form under a key of its own', async () => {
    const { urls, paid, bindingState } = await cluster();
    const { waiting } = await paused(urls);
    expect(waiting['status']).toBe('input_required');
    expect(waiting['statusMessage']).toBe('Waiting for approval.');
    const requests = waiting['inputRequests'] as Record<
      string,
      { method: string; params: Record<string, unknown> }
    >;
    expect(Object.keys(requests)).toEqual(['approval-1']);
    expect(requests['approval-1']?.method).toBe('elicitation/create');
    expect(requests['approval-1']?.params).toMatchObject({
      mode: 'form',
      requestedSchema: { properties: { approve: { type: 'boolean' } }, required: ['approve'] },
    });
    expect(String(requests['approval-1']?.params['message'])).toContain('Approve the call to "pay"?');
    expect(paid).toEqual([]);
    expect(await bindingState()).toBe('issued');
  });

  test('the answer, given on another instance, resumes the call there exactly once', async () => {
    const { urls, paid, bindingState } = await cluster();
    const { taskId } = await paused(urls);
    const bob = taskClient(urls[1] as string, { principal: 'bob' });
    // Another principal's answer finds no task.
    expect((await bob.update(taskId, { 'approval-1': approve })).error?.code).toBe(-32602);
    const alice = taskClient(urls[1] as string);
    // A key that is not outstanding is ignored: the task still waits.
    expect((await alice.update(taskId, { 'approval-9': approve })).result).toMatchObject({
      resultType: 'complete',
    });
    expect((await alice.get(taskId)).result?.['status']).toBe('input_required');
    await alice.update(taskId, { 'approval-1': approve });
    const done = await alice.until(taskId, (task) => task['status'] === 'completed');
    expect(firstText(done['result'])).toBe('paid 300');
    // The same answer again, on either instance, changes nothing.
    await taskClient(urls[0] as string).update(taskId, { 'approval-1': approve });
    await alice.update(taskId, { 'approval-1': approve });
    expect((await alice.get(taskId)).result?.['status']).toBe('completed');
    expect(paid).toEqual([300]);
    expect(await bindingState()).toBe('consumed');
  });

  test('answers racing on both instances resume the call once', async () => {
    const { urls, paid } = await cluster();
    const { taskId } = await paused(urls, 700);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        taskClient(urls[index % 2] as string).update(taskId, { 'approval-1': approve }),
      ),
    );
    expect(answers.every((answer) => answer.result !== undefined)).toBe(true);
    const done = await taskClient(urls[0] as string).until(taskId, (task) => task['status'] === 'completed');
    expect(firstText(done['result'])).toBe('paid 700');
    expect(paid).toEqual([700]);
  });

  test('a refusal completes the task with the refusal and revokes the approval', async () => {
    const { urls, paid, bindingState } = await cluster();
    const { taskId } = await paused(urls);
    const alice = taskClient(urls[1] as string);
    await alice.update(taskId, { 'approval-1': { action: 'decline' } });
    const done = await alice.until(taskId, (task) => task['status'] === 'completed');
    expect(done['result']).toMatchObject({
      isError: true,
      _meta: { 'armorer/error': { code: 'POLICY_DENIED' } },
    });
    expect(paid).toEqual([]);
    expect(await bindingState()).toBe('revoked');
  });

  test('cancelling a task that waits for approval cancels it and revokes the approval', async () => {
    const { urls, paid, bindingState } = await cluster();
    const { taskId } = await paused(urls);
    const alice = taskClient(urls[1] as string);
    await alice.cancel(taskId);
    expect((await alice.get(taskId)).result?.['status']).toBe('cancelled');
    // The approval can no longer be used: a late answer finds a terminal task and nothing runs.
    await alice.update(taskId, { 'approval-1': approve });
    expect((await alice.get(taskId)).result?.['status']).toBe('cancelled');
    expect(paid).toEqual([]);
    expect(await bindingState()).toBe('revoked');
  });
});
