import { describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import fc from 'fast-check';
import { makeApprovalToolbox, pausePayment, requestContext } from '../__fixtures__/approval';
import { expectEveryMutationRefused } from '../__fixtures__/descriptor-mutation';
import type { RequestContext } from '../policy/request-context';

describe('property: a mutated descriptor never runs the tool', () => {
  test('any change to a signed value of the binding or the proposed call is refused', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const descriptor = await pausePayment(toolbox);
    await expectEveryMutationRefused(toolbox, descriptor, runs, 300);
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
  });

  test('random request contexts other than the issuing one are refused', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const descriptor = await pausePayment(toolbox);
    const text = fc.option(
      fc.constantFrom(
        'user-1',
        'user-2',
        'tenant-1',
        'tenant-2',
        'session-1',
        'agent-1',
        'run-1',
        'tenant',
        'x',
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ principalId: text, tenantId: text, ownerId: text }),
        fc.record({ audience: text, agentId: text, runId: text }),
        async (authority, rest) => {
          const context = {
            ...rest,
            authority: { ...authority, capabilities: ['payments:send'], authorizationRevision: 'auth-1' },
          };
          const same =
            authority.principalId === 'user-1' &&
            authority.tenantId === 'tenant-1' &&
            authority.ownerId === 'session-1' &&
            rest.audience === 'tenant' &&
            rest.agentId === 'agent-1' &&
            rest.runId === 'run-1';
          fc.pre(!same);
          const result = await toolbox.resumeApproval(descriptor, {
            requestContext: context as RequestContext,
          });
          expect(result.outcome).toBe('denied');
          expect(runs.count).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
