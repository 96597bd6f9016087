import { describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { requestContext, TENANT } from '../__fixtures__/harness';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import type { ToolResultCacheEntry } from '../cache/types';
import { fieldKey } from '../keys/key-functions';
import { withToolboxIdempotency } from './with-toolbox-idempotency';

const SECRET = 'resume-idempotency-secret-0123456789';

/** A payment tool behind an approval on every call (unless a grant matches), wrapped for idempotency. */
function approvedPayments(options: { keyed?: boolean; store?: Map<string, ToolResultCacheEntry> } = {}) {
  const effects: { orderId: string; cents: number }[] = [];
  const pay = createTool({
    name: 'pay',
    description: 'Pays an order',
    input: z.object({ orderId: z.string(), cents: z.number().int().positive() }),
    metadata: { mutates: true },
    ...(options.keyed === false ? {} : { idempotencyKey: fieldKey('orderId') }),
    execute: ({ orderId, cents }) => {
      effects.push({ orderId, cents });
      return { receipt: `r-${effects.length}`, orderId, cents };
    },
  });
  const approvals = createProcessLocalApprovalStateStore();
  const toolbox = createToolbox([pay], {
    approvalSecret: SECRET,
    approvalPolicy: { mode: 'always' },
    approvalStateStore: approvals,
    policyRevision: 'policy-1',
  });
  const store = options.store ?? new Map<string, ToolResultCacheEntry>();
  const idempotent = withToolboxIdempotency(toolbox, {
    cache: createToolResultCache({ store }),
    tenantId: TENANT,
  });
  return { effects, toolbox, idempotent, approvals, store };
}

const payCall = (orderId = 'order-1', cents = 2500, id = 'call-1') => ({
  id,
  name: 'pay' as const,
  arguments: { orderId, cents },
});

/** Pauses a call and returns its descriptor as it comes back from JSON storage. */
async function pause(
  idempotent: ReturnType<typeof approvedPayments>['idempotent'],
  call = payCall(),
  idempotencyKey?: string,
) {
  const result = await idempotent.execute(call, {
    requestContext,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
  expect(result.outcome).toBe('action_required');
  return JSON.parse(JSON.stringify(result.pendingApproval)) as { binding: unknown };
}

/** Grants the principal further payments without asking (what "approve and remember" does). */
async function grantPayments(toolbox: ReturnType<typeof approvedPayments>['toolbox']) {
  await toolbox.issueGrant({
    principalId: requestContext.authority.principalId,
    tenantId: TENANT,
    toolName: 'pay',
    scope: 'principal',
    expiresAt: Date.now() + 60_000,
    maxUses: 10,
  });
}

describe('a resumed call goes through the idempotency layer, under the key its paused call carried', () => {
  test('a caller key: the approved payment is recorded, and the task redelivered after a grant is deduped', async () => {
    const { effects, toolbox, idempotent } = approvedPayments();
    const descriptor = await pause(idempotent, payCall(), 'task-7/step-3');
    const resumed = await idempotent.resumeApproval(descriptor, { requestContext });
    expect(resumed.outcome).toBe('success');
    expect(resumed.idempotency?.outcome).toBe('fresh');
    expect(resumed.idempotency?.key).toEndWith('|task-7/step-3');
    await grantPayments(toolbox);
    const redelivered = await idempotent.execute(payCall(), {
      requestContext,
      idempotencyKey: 'task-7/step-3',
    });
    expect(redelivered.idempotency?.outcome).toBe('deduped');
    expect(redelivered.result).toEqual(resumed.result as typeof redelivered.result);
    expect(effects).toHaveLength(1);
  });

  test('a derived key comes from the paused arguments, even when the approver edits them', async () => {
    const { effects, toolbox, idempotent } = approvedPayments();
    const descriptor = await pause(idempotent, payCall('order-9', 2500));
    const resumed = await idempotent.resumeApproval(descriptor, {
      requestContext,
      arguments: { orderId: 'order-9-edited', cents: 2000 },
    });
    expect(resumed.outcome).toBe('success');
    expect(resumed.idempotency?.key).toEndWith('|[["orderId","order-9"]]');
    await grantPayments(toolbox);
    const redelivered = await idempotent.execute(payCall('order-9', 2500), { requestContext });
    expect(redelivered.idempotency?.outcome).toBe('deduped');
    expect(effects).toEqual([{ orderId: 'order-9-edited', cents: 2000 }]);
  });

  test('a resume after the redelivered task already ran answers deduped and does not run again', async () => {
    const { effects, toolbox, idempotent, approvals } = approvedPayments();
    const descriptor = await pause(idempotent, payCall(), 'task-8');
    await grantPayments(toolbox);
    const redelivered = await idempotent.execute(payCall(), { requestContext, idempotencyKey: 'task-8' });
    expect(redelivered.idempotency?.outcome).toBe('fresh');
    const resumed = await idempotent.resumeApproval(descriptor, { requestContext });
    expect(resumed.idempotency?.outcome).toBe('deduped');
    expect(effects).toHaveLength(1);
    expect(await approvals.state(parseApprovalBinding(descriptor.binding))).toBe('consumed');
  });

  test('a pause whose record is gone is refused before the approval is touched; nothing runs', async () => {
    const store = new Map<string, ToolResultCacheEntry>();
    const { effects, idempotent, approvals } = approvedPayments({ store });
    const descriptor = await pause(idempotent, payCall(), 'task-9');
    store.clear();
    const resumed = await idempotent.resumeApproval(descriptor, { requestContext });
    expect(resumed.outcome).toBe('denied');
    expect(resumed.error?.code).toBe('APPROVAL_INVALID');
    expect(resumed.error?.details).toMatchObject({ reason: 'idempotency-record-missing' });
    expect(effects).toHaveLength(0);
    expect(await approvals.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
  });

  test('a key or receipt passed to a resume, or another tenant, is refused and leaves the binding issued', async () => {
    const { effects, idempotent, approvals } = approvedPayments();
    const descriptor = await pause(idempotent, payCall(), 'task-10');
    const withKey = await idempotent.resumeApproval(descriptor, {
      requestContext,
      idempotencyKey: 'another-key',
    } as never);
    expect(withKey.error?.code).toBe('INVALID_TOOL_CALL');
    const otherTenant = await idempotent.resumeApproval(descriptor, {
      requestContext: { authority: { ...requestContext.authority, tenantId: 'tenant-b' } },
    });
    expect(otherTenant.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
    expect(effects).toHaveLength(0);
    expect(await approvals.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
  });

  test('a tool without any key resumes untouched through the idempotent toolbox', async () => {
    const { effects, idempotent } = approvedPayments({ keyed: false });
    const descriptor = await pause(idempotent, payCall());
    const resumed = await idempotent.resumeApproval(descriptor, { requestContext });
    expect(resumed.outcome).toBe('success');
    expect(resumed.idempotency).toBeUndefined();
    expect(effects).toHaveLength(1);
  });

  test('property: pauses, resumes and redeliveries of one task in any order pay at most once', async () => {
    const step = fc.constantFrom('pause', 'resume-first', 'resume-last', 'grant', 'redeliver');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { effects, toolbox, idempotent } = approvedPayments();
        const descriptors: { binding: unknown }[] = [];
        let granted = false;
        for (const name of steps) {
          if (name === 'pause' && !granted) descriptors.push(await pause(idempotent, payCall(), 'task-p'));
          else if (name === 'grant' && !granted) {
            await grantPayments(toolbox);
            granted = true;
          } else if (name === 'redeliver') {
            const result = await idempotent.execute(payCall(), { requestContext, idempotencyKey: 'task-p' });
            if (result.outcome === 'action_required')
              descriptors.push(JSON.parse(JSON.stringify(result.pendingApproval)));
          } else if (name.startsWith('resume') && descriptors.length > 0) {
            const descriptor = name === 'resume-first' ? descriptors[0] : descriptors.at(-1);
            await idempotent.resumeApproval(descriptor, { requestContext });
          }
        }
        expect(effects.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 60 },
    );
  });
});
