import { describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import {
  makeApprovalToolbox,
  makePayTool,
  pausePayment,
  pausingPolicy,
  requestContext,
} from '../__fixtures__/approval';
import type { PolicyContext } from '../policy/types';
import { combineToolboxes } from '../toolbox/combine';
import { createToolbox } from '../toolbox/public';

describe('pausing and resuming an approval', () => {
  test('the descriptor is JSON, signed over the request, and resumes in another toolbox over the same store', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const first = makeApprovalToolbox(runs, { approvalStateStore });
    const descriptor = await pausePayment(first);
    expect(runs.count).toBe(0);
    // Issued as a version 3 envelope: the signed payload and its signature (no key id under one secret).
    expect(Object.keys(descriptor.binding).sort()).toEqual(['payload', 'signature', 'version']);
    const binding = parseApprovalBinding(descriptor.binding);
    expect(binding).toMatchObject({
      version: 3,
      argumentsValidated: true,
      storeEpoch: await approvalStateStore.epoch?.(),
      kind: 'approval',
      principalId: 'user-1',
      tenantId: 'tenant-1',
      ownerId: 'session-1',
      audience: 'tenant',
      agentId: 'agent-1',
      runId: 'run-1',
      authorizationRevision: 'auth-1',
      capabilities: ['payments:send'],
      toolboxRevision: 'toolbox-1',
      policyRevision: 'policy-1',
      approvalRevision: 'approval-1',
      toolName: 'send-payment',
      callId: 'call-1',
      arguments: { payee: 'ada', cents: 500 },
    });
    expect(binding.toolDefinitionRevision).toMatch(/^tooldef_/);
    expect(binding.expiresAt - binding.issuedAt).toBe(24 * 60 * 60 * 1000);
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');

    const second = makeApprovalToolbox(runs, { approvalStateStore });
    const resumed = await second.resumeApproval(descriptor, { requestContext });
    expect(resumed).toMatchObject({ outcome: 'success', callId: 'call-1', executedArgumentsEdited: false });
    expect(resumed.result).toEqual({ paid: 'ada', cents: 500 });
    expect(runs.count).toBe(1);
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('consumed');
  });

  test('edited arguments are validated, seen by policy, and reported', async () => {
    const runs = { count: 0 };
    const seen: PolicyContext[] = [];
    const toolbox = makeApprovalToolbox(runs, {
      policy: {
        beforeExecute(context) {
          seen.push(context);
          return context.approval?.approved ? undefined : { status: 'needs_approval' };
        },
      },
    });
    const descriptor = await pausePayment(toolbox);
    const resumed = await toolbox.resumeApproval(descriptor, {
      requestContext,
      arguments: { payee: 'ada', cents: 250 },
    });
    expect(resumed.outcome).toBe('success');
    expect(resumed.executedArgumentsEdited).toBe(true);
    expect(resumed.result).toEqual({ paid: 'ada', cents: 250 });
    const last = seen.at(-1);
    expect(last?.approval).toEqual({
      approved: true,
      kind: 'approval',
      edited: true,
      proposedArguments: { payee: 'ada', cents: 500 },
    });
    expect(last?.params).toEqual({ payee: 'ada', cents: 250 });
    expect(seen[0]?.approval).toBeUndefined();
  });

  test('a needs_input pause resumes with the supplied input as arguments', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs, {
      policy: {
        beforeExecute: (context) =>
          context.approval ? undefined : { status: 'needs_input', input: { type: 'object' } },
      },
    });
    const result = await toolbox.execute(
      { id: 'call-in', name: 'send-payment', arguments: { payee: 'ada', cents: 1 } },
      { requestContext },
    );
    expect(result.pendingApproval).toMatchObject({ kind: 'input', requestedInput: { type: 'object' } });
    const resumed = await toolbox.resumeApproval(JSON.parse(JSON.stringify(result.pendingApproval)), {
      requestContext,
      arguments: { payee: 'grace', cents: 2 },
    });
    expect(resumed).toMatchObject({ outcome: 'success', executedArgumentsEdited: true });
  });

  test('restoreApproval never revives what a restarted process lost: the new store cannot know it was unused', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const descriptor = await pausePayment(makeApprovalToolbox(runs, { approvalStateStore }));
    const restarted = makeApprovalToolbox(runs);
    const lost = await restarted.resumeApproval(descriptor, { requestContext });
    expect(lost.error).toMatchObject({ code: 'APPROVAL_INVALID', details: { reason: 'not-issued' } });
    await expect(restarted.restoreApproval(descriptor)).rejects.toMatchObject({ code: 'not-restorable' });
    expect(runs.count).toBe(0);
    // Where it was issued, restore leaves it issued; once used, it refuses.
    const original = makeApprovalToolbox(runs, { approvalStateStore });
    expect(await original.restoreApproval(descriptor)).toBe('issued');
    expect((await original.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    await expect(original.restoreApproval(descriptor)).rejects.toMatchObject({ code: 'already-consumed' });
    expect(runs.count).toBe(1);
  });

  test('revokeApproval refuses later resumes; a consumed approval cannot be revoked', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const revoked = await pausePayment(toolbox, 'call-r');
    await toolbox.revokeApproval(revoked);
    await toolbox.revokeApproval(revoked);
    const refused = await toolbox.resumeApproval(revoked, { requestContext });
    expect(refused.error?.details?.reason).toBe('revoked');
    await expect(toolbox.restoreApproval(revoked)).rejects.toMatchObject({ code: 'revoked' });
    const used = await pausePayment(toolbox, 'call-u');
    await toolbox.resumeApproval(used, { requestContext });
    await expect(toolbox.revokeApproval(used)).rejects.toMatchObject({ code: 'already-consumed' });
    expect(runs.count).toBe(1);
  });

  test('without a secret the descriptor is unsigned and cannot be resumed', async () => {
    const runs = { count: 0 };
    const unsigned = createToolbox([makePayTool(runs)], { policy: pausingPolicy });
    const result = await unsigned.execute({ name: 'send-payment', arguments: { payee: 'a', cents: 1 } });
    expect(result.outcome).toBe('action_required');
    expect(result.pendingApproval?.binding).toBeUndefined();
    const resumed = await unsigned.resumeApproval(result.pendingApproval, { requestContext });
    expect(resumed).toMatchObject({
      outcome: 'denied',
      error: { code: 'APPROVAL_INVALID', details: { reason: 'missing-secret' } },
    });
    expect(runs.count).toBe(0);
  });

  test('combineToolboxes keeps the first toolbox gating, with its store and secret', async () => {
    const runs = { count: 0 };
    const gated = makeApprovalToolbox(runs);
    const combined = combineToolboxes(gated, createToolbox([]));
    const descriptor = await pausePayment(combined as never);
    const resumed = await gated.resumeApproval(descriptor, { requestContext });
    expect(resumed.outcome).toBe('success');
    const extended = gated.extend();
    const again = await pausePayment(extended as never, 'call-2');
    expect((await combined.resumeApproval(again, { requestContext })).outcome).toBe('success');
    expect(runs.count).toBe(2);
  });
});
