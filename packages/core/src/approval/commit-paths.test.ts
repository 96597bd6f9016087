import { describe, expect, test } from 'bun:test';
import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  parseApprovalBinding,
} from '@armorer/approval';
import { makePayTool, pausePayment, requestContext, SECRET } from '../__fixtures__/approval';
import { createToolbox } from '../toolbox/public';

/**
 * A resumed call whose tool has no policy hook and no concurrency limit commits its binding and runs
 * without the waiting stages: these pin that path for stores that answer synchronously, later, or by
 * throwing.
 */
function gatedOnly(runs: { count: number }, approvalStateStore: ApprovalStateStore) {
  return createToolbox([makePayTool(runs)], {
    approvalSecret: SECRET,
    approvalStateStore,
    approvalPolicy: { mode: 'always' },
  });
}

/** Lets `commit` finish only when the test says so. */
function deferredCommits(inner: ApprovalStateStore) {
  const waiting: (() => void)[] = [];
  const store: ApprovalStateStore = {
    ...inner,
    commit: (binding) =>
      new Promise<void>((resolve, reject) => {
        waiting.push(() => {
          Promise.resolve(inner.commit(binding)).then(resolve, reject);
        });
      }),
  };
  return { store, waiting };
}

async function turns(count: number): Promise<void> {
  for (let index = 0; index < count; index++) await Promise.resolve();
}

describe('committing a resumed call with no waiting stage', () => {
  test('a synchronous store: the tool runs once and the binding is consumed', async () => {
    const runs = { count: 0 };
    const store = createProcessLocalApprovalStateStore();
    const toolbox = gatedOnly(runs, store);
    const descriptor = await pausePayment(toolbox);
    expect(runs.count).toBe(0);
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed).toMatchObject({ outcome: 'success', result: { paid: 'ada', cents: 500 } });
    expect(runs.count).toBe(1);
    expect(await store.state(parseApprovalBinding(descriptor.binding))).toBe('consumed');
    const again = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(again.outcome).toBe('denied');
    expect(runs.count).toBe(1);
  });

  test('a store that commits later: the tool waits for the commit, then runs once', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const { store, waiting } = deferredCommits(inner);
    const toolbox = gatedOnly(runs, store);
    const descriptor = await pausePayment(toolbox);
    const resuming = toolbox.resumeApproval(descriptor, { requestContext });
    await turns(20);
    expect(waiting).toHaveLength(1);
    expect(runs.count).toBe(0);
    waiting[0]?.();
    expect(await resuming).toMatchObject({ outcome: 'success' });
    expect(runs.count).toBe(1);
    expect(await inner.state(parseApprovalBinding(descriptor.binding))).toBe('consumed');
  });

  test('a call aborted while its commit is pending never runs the tool', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const { store, waiting } = deferredCommits(inner);
    const toolbox = gatedOnly(runs, store);
    const descriptor = await pausePayment(toolbox);
    const controller = new AbortController();
    const resuming = toolbox.resumeApproval(descriptor, { requestContext, signal: controller.signal });
    await turns(20);
    controller.abort(new Error('the user left'));
    waiting[0]?.();
    expect((await resuming).outcome).toBe('cancelled');
    expect(runs.count).toBe(0);
  });

  test('a store whose commit throws synchronously: denied, the tool never runs, the binding is issued', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const store: ApprovalStateStore = {
      ...inner,
      commit: () => {
        throw new Error('disk full');
      },
    };
    const toolbox = gatedOnly(runs, store);
    const descriptor = await pausePayment(toolbox);
    const result = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(result).toMatchObject({ outcome: 'denied', error: { code: 'APPROVAL_INVALID' } });
    expect(runs.count).toBe(0);
    expect(await inner.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
  });
});
