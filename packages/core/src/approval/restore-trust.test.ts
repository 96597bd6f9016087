import { describe, expect, test } from 'bun:test';
import {
  type ApprovalStateStore,
  approvalBindingStoreEpoch,
  createProcessLocalApprovalStateStore,
  parseApprovalBinding,
} from '@armorer/approval';
import { makeApprovalToolbox, pausePayment, requestContext } from '../__fixtures__/approval';

/**
 * Issue 29, item 1: `restoreApproval` re-issued any binding its store had no state for, which is what a
 * process-local store (or Redis without persistence) answers after a restart, so a consumed approval came
 * back and the payment ran twice. A restore now re-issues only what the store proves it never held.
 */
describe('restoreApproval never brings back an approval that may have been used', () => {
  test('the attack: pause, resume (runs), restart, restore, resume again: refused, the tool ran once', async () => {
    const runs = { count: 0 };
    const before = makeApprovalToolbox(runs);
    const descriptor = await pausePayment(before);
    expect((await before.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    // A restart: a new process, a new (empty) process-local store.
    const after = makeApprovalToolbox(runs);
    await expect(after.restoreApproval(descriptor)).rejects.toMatchObject({
      name: 'ApprovalError',
      code: 'not-restorable',
    });
    const again = await after.resumeApproval(descriptor, { requestContext });
    expect(again).toMatchObject({ outcome: 'denied', error: { code: 'APPROVAL_INVALID' } });
    expect(runs.count).toBe(1);
  });

  test('after a restart even an unused approval is refused: the store cannot know; the call is asked again', async () => {
    const runs = { count: 0 };
    const descriptor = await pausePayment(makeApprovalToolbox(runs));
    const after = makeApprovalToolbox(runs);
    await expect(after.restoreApproval(descriptor)).rejects.toMatchObject({ code: 'not-restorable' });
    const paused = await after.execute(
      { id: 'call-again', name: 'send-payment', arguments: { payee: 'ada', cents: 500 } },
      { requestContext },
    );
    expect(paused.outcome).toBe('action_required');
    expect(runs.count).toBe(0);
  });

  test('bindings carry the store epoch; on the same store, restore answers issued without reviving anything', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const descriptor = await pausePayment(toolbox);
    const binding = parseApprovalBinding(descriptor.binding);
    expect(approvalBindingStoreEpoch(binding)).toBe((await approvalStateStore.epoch?.()) ?? 'no epoch');
    expect(await toolbox.restoreApproval(descriptor)).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    await expect(toolbox.restoreApproval(descriptor)).rejects.toMatchObject({ code: 'already-consumed' });
    expect(runs.count).toBe(1);
  });

  test('a store without epoch and restore (a custom store of an earlier contract) never restores', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const { epoch: _epoch, restore: _restore, ...legacy } = inner;
    const store: ApprovalStateStore = legacy;
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore: store });
    const descriptor = await pausePayment(toolbox);
    expect(approvalBindingStoreEpoch(parseApprovalBinding(descriptor.binding))).toBeNull();
    await expect(toolbox.restoreApproval(descriptor)).rejects.toMatchObject({ code: 'not-restorable' });
    // Resuming is unaffected.
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
  });

  test('a store whose epoch fails or is unusable still pauses; the binding carries no epoch and never restores', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const epochs = [() => 42, () => '', () => 'x'.repeat(1025), () => Promise.reject(new Error('down'))];
    for (const epoch of epochs) {
      const store = { ...inner, epoch } as unknown as ApprovalStateStore;
      const toolbox = makeApprovalToolbox(runs, { approvalStateStore: store });
      const descriptor = await pausePayment(toolbox, `call-${Math.random()}`);
      expect(approvalBindingStoreEpoch(parseApprovalBinding(descriptor.binding))).toBeNull();
      // Held by the store: a restore answers issued without re-recording anything.
      expect(await toolbox.restoreApproval(descriptor)).toBe('issued');
      // Lost (another store): without an epoch it is never restored.
      const other = makeApprovalToolbox(runs);
      await expect(other.restoreApproval(descriptor)).rejects.toMatchObject({ code: 'not-restorable' });
    }
    expect(runs.count).toBe(0);
  });
});
