import { describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import fc from 'fast-check';
import { z } from 'zod';
import { makeApprovalToolbox, pausePayment, requestContext, SECRET } from '../__fixtures__/approval';
import type { RequestContext } from '../policy/request-context';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/**
 * Red-team: request facts that are set but are not strings (ids as numbers, a capability list that is a
 * string). Read as "unset", every such value matches every other: an approval paused for principal 42
 * resumed for principal 43, and a grant issued without a tenant authorized tenant 7.
 */

type Field = 'principalId' | 'tenantId' | 'ownerId' | 'authorizationRevision' | 'capabilities';

/** The fixture context with one authority field, or one top-level field, replaced. */
function withValue(field: Field | 'audience' | 'agentId' | 'runId', value: unknown): RequestContext {
  if (field === 'audience' || field === 'agentId' || field === 'runId') {
    return { ...requestContext, [field]: value } as RequestContext;
  }
  return { ...requestContext, authority: { ...requestContext.authority, [field]: value } } as RequestContext;
}

const hostile = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant(Number.NaN),
);

describe('request facts that are set but are not strings', () => {
  test('a binding paused for principal 42 and tenant 7 never resumes for principal 43 and tenant 8', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const numeric = (principalId: number, tenantId: number) =>
      ({ ...requestContext, authority: { ...requestContext.authority, principalId, tenantId } }) as never;
    const paused = await toolbox.execute(
      { id: 'n1', name: 'send-payment', arguments: { payee: 'ada', cents: 5 } },
      { requestContext: numeric(42, 7) },
    );
    expect(paused.outcome).not.toBe('success');
    if (paused.pendingApproval?.binding !== undefined) {
      const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval));
      const resumed = await toolbox.resumeApproval(descriptor, { requestContext: numeric(43, 8) });
      expect(resumed.outcome).toBe('denied');
    }
    expect(runs.count).toBe(0);
  });

  test('a pause under an unusable fact is refused as such, not reported as a store failure', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const paused = await toolbox.execute(
      { id: 'n2', name: 'send-payment', arguments: { payee: 'ada', cents: 5 } },
      {
        requestContext: {
          ...requestContext,
          authority: { ...requestContext.authority, principalId: 42 },
        } as never,
      },
    );
    expect(paused.outcome).toBe('denied');
    expect(paused.error?.code).toBe('APPROVAL_INVALID');
    expect(paused.error?.details?.reason).toBe('missing-request-context');
    expect(paused.error?.message).toContain('principalId');
    expect(paused.pendingApproval).toBeUndefined();
    expect(runs.count).toBe(0);
  });

  test('property: resuming under any unusable fact is refused and leaves the binding issued', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const fields = ['principalId', 'tenantId', 'ownerId', 'authorizationRevision', 'capabilities'] as const;
    const descriptor = await pausePayment(toolbox);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields, 'audience', 'agentId', 'runId'),
        hostile,
        async (field, value) => {
          fc.pre(!(field === 'authorizationRevision' && typeof value === 'number' && Number.isFinite(value)));
          const resumed = await toolbox.resumeApproval(descriptor, {
            requestContext: withValue(field, value),
          });
          expect(resumed.outcome).toBe('denied');
          expect(runs.count).toBe(0);
        },
      ),
    );
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
  });

  test('property: pausing under any unusable fact fails closed, and a later resume under another never runs', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('principalId', 'tenantId', 'ownerId', 'audience', 'agentId', 'runId' as const),
        hostile,
        hostile,
        async (field, first, second) => {
          const paused = await toolbox.execute(
            { id: `call-${Math.random()}`, name: 'send-payment', arguments: { payee: 'ada', cents: 5 } },
            { requestContext: withValue(field, first) },
          );
          if (paused.pendingApproval?.binding !== undefined) {
            const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval));
            await toolbox.resumeApproval(descriptor, { requestContext: withValue(field, second) });
          }
          expect(runs.count).toBe(0);
        },
      ),
      { numRuns: 50 },
    );
  });

  test('a grant issued without a tenant does not authorize a call whose tenant is a number', async () => {
    const runs: string[] = [];
    const tool = createTool({
      name: 'read-file',
      description: 'Read a report',
      input: z.object({ resource: z.string() }),
      execute: ({ resource }) => {
        runs.push(resource);
        return resource;
      },
    });
    const toolbox = createToolbox([tool], { approvalSecret: SECRET, approvalPolicy: { mode: 'always' } });
    await toolbox.issueGrant({
      principalId: 'p1',
      toolName: 'read-file',
      scope: 'principal',
      expiresAt: Date.now() + 60_000,
      maxUses: 5,
    });
    const call = { id: 'c1', name: 'read-file', arguments: { resource: 'x' } };
    for (const authority of [
      { principalId: 'p1', tenantId: 7 },
      { principalId: 'p1', ownerId: false },
    ]) {
      const result = await toolbox.execute(call, { requestContext: { authority } as never });
      expect(result.outcome).not.toBe('success');
    }
    for (const extra of [{ agentId: 1 }, { runId: {} }, { sessionId: [] }]) {
      const result = await toolbox.execute(call, {
        requestContext: { authority: { principalId: 'p1' }, ...extra } as never,
      });
      expect(result.outcome).not.toBe('success');
    }
    expect(runs).toEqual([]);
    // The same grant still authorizes a call with no tenant at all.
    const plain = await toolbox.execute(call, { requestContext: { authority: { principalId: 'p1' } } });
    expect(plain.outcome).toBe('success');
  });
});
