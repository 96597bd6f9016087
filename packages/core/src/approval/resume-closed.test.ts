import { describe, expect, test } from 'bun:test';
import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  parseApprovalBinding,
} from '@armorer/approval';
import { makeApprovalToolbox, pausePayment, requestContext } from '../__fixtures__/approval';

/**
 * Issue 29: a resume after `shutdown` answered `TOOLBOX_CLOSED` while the docs promised `APPROVAL_INVALID`
 * for every refusal. `TOOLBOX_CLOSED` is the right answer: the approval is not at fault and stays usable
 * (a host reading `APPROVAL_INVALID` would tell the person their approval was refused, or discard it).
 * The docs now say so, and a closed toolbox answers before touching the store.
 */
describe('resuming on a toolbox that was shut down', () => {
  test('answers TOOLBOX_CLOSED without touching the store; the approval resumes on a live toolbox', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const calls: string[] = [];
    const store: ApprovalStateStore = {
      ...inner,
      reserve: (binding, view, now) => {
        calls.push('reserve');
        return inner.reserve(binding, view, now);
      },
      release: (binding) => {
        calls.push('release');
        return inner.release(binding);
      },
    };
    const closed = makeApprovalToolbox(runs, { approvalStateStore: store });
    const descriptor = await pausePayment(closed);
    await closed.shutdown();
    const resumed = await closed.resumeApproval(descriptor, { requestContext });
    expect(resumed).toMatchObject({
      outcome: 'error',
      callId: 'call-1',
      toolName: 'send-payment',
      executedArgumentsEdited: false,
      error: { code: 'TOOLBOX_CLOSED', category: 'unavailable', details: { reason: 'toolbox-closed' } },
    });
    expect(resumed.error?.message).toContain('The approval was not used');
    expect(calls).toEqual([]);
    expect(await inner.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    const live = makeApprovalToolbox(runs, { approvalStateStore: store });
    expect((await live.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect(runs.count).toBe(1);
  });

  test('even a descriptor that would be refused gets the closed answer: nothing is checked or run', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    await toolbox.shutdown();
    for (const descriptor of [undefined, {}, { binding: 'forged' }]) {
      const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
      expect(resumed.error?.code).toBe('TOOLBOX_CLOSED');
    }
    expect(runs.count).toBe(0);
  });
});
