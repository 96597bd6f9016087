import { describe, expect, test } from 'bun:test';
import {
  type ApprovalKey,
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  type GrantStateStore,
} from '@armorer/approval';
import fc from 'fast-check';
import { z } from 'zod';
import { makeApprovalToolbox, pausePayment, requestContext, SECRET } from '../__fixtures__/approval';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/**
 * Issue 29: key rotation. `approvalKeys: [{ id, secret }]`: the first key signs, every key verifies, the
 * key id travels in the envelope (and in grants), so rotating a secret does not invalidate what is
 * pending. `approvalSecret` is a one-key ring.
 */

const OLD: ApprovalKey = { id: 'k1', secret: 'the key of the first rotation, 32 bytes+' };
const NEW: ApprovalKey = { id: 'k2', secret: 'the key of the second rotation, 32 bytes+' };

describe('approval keyrings', () => {
  test('a rotation keeps pending approvals: pause under [old], resume under [new, old], refuse under [new]', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const before = makeApprovalToolbox(runs, {
      approvalSecret: undefined,
      approvalKeys: [OLD],
      approvalStateStore,
    });
    const pending = await pausePayment(before, 'call-old');
    const other = await pausePayment(before, 'call-other');
    expect(pending.binding).toMatchObject({ version: 3, keyId: 'k1' });
    const rotated = makeApprovalToolbox(runs, {
      approvalSecret: undefined,
      approvalKeys: [NEW, OLD],
      approvalStateStore,
    });
    expect((await rotated.resumeApproval(pending, { requestContext })).outcome).toBe('success');
    expect((await pausePayment(rotated, 'call-new')).binding).toMatchObject({ keyId: 'k2' });
    const retired = makeApprovalToolbox(runs, {
      approvalSecret: undefined,
      approvalKeys: [NEW],
      approvalStateStore,
    });
    const refused = await retired.resumeApproval(other, { requestContext });
    expect(refused.error?.details?.reason).toBe('invalid-signature');
    expect(runs.count).toBe(1);
  });

  test('moving from approvalSecret to a ring holding the same secret keeps what approvalSecret signed', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const single = makeApprovalToolbox(runs, { approvalStateStore });
    const pending = await pausePayment(single);
    expect('keyId' in pending.binding).toBe(false);
    const ring = makeApprovalToolbox(runs, {
      approvalSecret: undefined,
      approvalKeys: [NEW, { id: 'legacy', secret: SECRET }],
      approvalStateStore,
    });
    expect((await ring.resumeApproval(pending, { requestContext })).outcome).toBe('success');
    // And the other way round (a rolling deploy): approvalSecret verifies what a ring with it signs.
    const signedByRing = await pausePayment(
      makeApprovalToolbox(runs, {
        approvalSecret: undefined,
        approvalKeys: [{ id: 'legacy', secret: SECRET }],
        approvalStateStore,
      }),
      'call-ring',
    );
    expect((await single.resumeApproval(signedByRing, { requestContext })).outcome).toBe('success');
  });

  test('grants are signed with the first key and its id, and keep working after a rotation', async () => {
    const grantStateStore: GrantStateStore = createProcessLocalGrantStateStore();
    const runs = { count: 0 };
    const tool = createTool({
      name: 'read-file',
      description: 'Reads',
      input: z.object({ resource: z.string() }),
      execute: () => {
        runs.count++;
        return 'ok';
      },
    });
    const build = (approvalKeys: readonly ApprovalKey[]) =>
      createToolbox([tool], { approvalKeys, approvalPolicy: { mode: 'always' }, grantStateStore });
    const grant = await build([OLD]).issueGrant({
      principalId: 'user-1',
      toolName: 'read-file',
      scope: 'principal',
      expiresAt: Date.now() + 60_000,
      maxUses: 5,
    });
    expect(grant.keyId).toBe('k1');
    const call = { name: 'read-file', arguments: { resource: 'a' } };
    const context = { authority: { principalId: 'user-1' } };
    expect((await build([NEW, OLD]).execute(call, { requestContext: context })).outcome).toBe('success');
    expect((await build([NEW]).execute(call, { requestContext: context })).outcome).toBe('action_required');
    expect(runs.count).toBe(1);
  });

  test('property: any ring that keeps the signing key (anywhere, under its id) resumes; none without it does', async () => {
    const key = fc.record({
      id: fc.stringMatching(/^[a-z0-9]{1,6}$/),
      secret: fc.string({ minLength: 32, maxLength: 40 }),
    });
    const ring = fc.uniqueArray(key, { minLength: 1, maxLength: 4, selector: (entry) => entry.id });
    const runs = { count: 0 };
    await fc.assert(
      fc.asyncProperty(ring, ring, fc.nat(), async (signing, others, position) => {
        const approvalStateStore = createProcessLocalApprovalStateStore();
        const signer = signing[0] as { id: string; secret: string };
        const pending = await pausePayment(
          makeApprovalToolbox(runs, { approvalSecret: undefined, approvalKeys: signing, approvalStateStore }),
          `call-${Math.random()}`,
        );
        const rest = others.filter((entry) => entry.id !== signer.id && entry.secret !== signer.secret);
        const kept = [...rest];
        kept.splice(position % (rest.length + 1), 0, signer);
        const keeping = makeApprovalToolbox(runs, {
          approvalSecret: undefined,
          approvalKeys: kept,
          approvalStateStore,
        });
        if (rest.length > 0) {
          const dropping = makeApprovalToolbox(runs, {
            approvalSecret: undefined,
            approvalKeys: rest,
            approvalStateStore,
          });
          expect((await dropping.resumeApproval(pending, { requestContext })).outcome).toBe('denied');
        }
        expect((await keeping.resumeApproval(pending, { requestContext })).outcome).toBe('success');
      }),
      { numRuns: 30 },
    );
  });
});
