import { describe, expect, test } from 'bun:test';
import {
  createProcessLocalGrantStateStore,
  type GrantStateStore,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import fc from 'fast-check';
import { z } from 'zod';
import { SECRET } from '../__fixtures__/approval';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/**
 * Red-team (property): a grant store that hands back a genuine grant with any signed field changed (a
 * restored row edited in the database, a hostile store) never lets a call skip approval. The unchanged
 * grant does, so the calls are the ones a grant would authorize.
 */

const context = {
  authority: { principalId: 'p1', tenantId: 't1', ownerId: 'o1', capabilities: [] },
  agentId: 'a1',
  runId: 'r1',
  sessionId: 's1',
};

/** A store whose `list` answers the genuine grant changed by `mutate` (`get`/`decrementUse` pass through). */
function mutatingStore(
  inner: GrantStateStore,
  mutate: (grant: ReusableApprovalGrant) => unknown,
): GrantStateStore {
  return {
    ...inner,
    async list(filter) {
      return (await inner.list(filter)).map((grant) => mutate(grant) as ReusableApprovalGrant);
    },
  };
}

async function setup(mutate: (grant: ReusableApprovalGrant) => unknown) {
  const runs: string[] = [];
  const inner = createProcessLocalGrantStateStore();
  const tool = createTool({
    name: 'read-file',
    description: 'Read a report',
    input: z.object({ resource: z.string() }),
    execute: ({ resource }) => {
      runs.push(resource);
      return resource;
    },
  });
  const toolbox = createToolbox([tool], {
    approvalSecret: SECRET,
    approvalPolicy: { mode: 'always' },
    grantStateStore: mutatingStore(inner, mutate),
    policyRevision: 'policy-1',
  });
  await toolbox.issueGrant({
    principalId: 'p1',
    tenantId: 't1',
    ownerId: 'o1',
    agentId: 'a1',
    toolName: 'read-file',
    resourcePattern: 'reports/*',
    argumentConstraints: {},
    scope: 'session',
    sessionId: 's1',
    expiresAt: Date.now() + 3_600_000,
    maxUses: 100,
  });
  return { toolbox, runs, inner };
}

const SIGNED = [
  'version',
  'id',
  'principalId',
  'tenantId',
  'ownerId',
  'agentId',
  'toolName',
  'resourcePattern',
  'resourceField',
  'argumentConstraints',
  'scope',
  'runId',
  'sessionId',
  'issuedAt',
  'expiresAt',
  'maxUses',
  'policyRevision',
  'revoked',
  'delegationBehavior',
  'signature',
] as const;

describe('property: a grant changed in any signed field never authorizes a call', () => {
  test('the unchanged grant authorizes the call (control)', async () => {
    const { toolbox, runs } = await setup((grant) => grant);
    const result = await toolbox.execute(
      { id: 'c', name: 'read-file', arguments: { resource: 'reports/q1' } },
      { requestContext: context },
    );
    expect(result.outcome).toBe('success');
    expect(runs).toEqual(['reports/q1']);
  });

  test('any value in any signed field, or the field removed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SIGNED),
        fc.option(fc.oneof(fc.jsonValue(), fc.constantFrom('**', '*', 'principal', 'propagates', 2, 0)), {
          nil: undefined,
        }),
        async (field, value) => {
          const { toolbox, runs, inner } = await setup((grant) => {
            const changed: Record<string, unknown> = { ...grant };
            if (value === undefined) delete changed[field];
            else changed[field] = value;
            return changed;
          });
          const original = (await inner.list())[0] as unknown as Record<string, unknown>;
          fc.pre(JSON.stringify(original[field]) !== JSON.stringify(value));
          const result = await toolbox.execute(
            { id: 'c', name: 'read-file', arguments: { resource: 'reports/q1' } },
            { requestContext: context },
          );
          expect(result.outcome).toBe('action_required');
          expect(runs).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
