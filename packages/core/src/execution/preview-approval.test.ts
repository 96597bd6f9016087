import { describe, expect, test } from 'bun:test';
import { createProcessLocalGrantStateStore } from '@armorer/approval';
import fc from 'fast-check';
import { z } from 'zod';
import { SECRET } from '../__fixtures__/approval';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import { previewToolCall } from '../toolbox/satellite';

function setup() {
  let runs = 0;
  const publishReport = createTool({
    name: 'publish-report',
    description: 'Publish a report',
    metadata: { mutates: true },
    input: z.object({ resource: z.string() }),
    execute: ({ resource }) => {
      runs++;
      return `published ${resource}`;
    },
  });
  const lookUp = createTool({
    name: 'look-up',
    description: 'Look something up',
    input: z.object({ term: z.string() }),
    metadata: { readOnly: true },
    execute: ({ term }) => term,
  });
  const toolbox = createToolbox([publishReport, lookUp], {
    approvalSecret: SECRET,
    approvalPolicy: { mode: 'risky', requiredCapabilities: { 'publish-report': ['reports:publish'] } },
    grantStateStore: createProcessLocalGrantStateStore(),
    policyRevision: 'policy-1',
  });
  return { toolbox, runs: () => runs };
}

const authority = {
  principalId: 'principal-1',
  tenantId: 'tenant-1',
  capabilities: ['reports:publish'],
};
const requestContext = { authority, sessionId: 'session-1' };
const call = (resource: string) => ({
  id: `call-${resource}`,
  name: 'publish-report',
  arguments: { resource },
});

describe('previewToolCall sees the approval policy as execute does', () => {
  test('a call the approval policy pauses previews needs_approval, and nothing runs', async () => {
    const { toolbox, runs } = setup();
    const preview = await previewToolCall(toolbox, call('reports/q1'), { requestContext });
    expect(preview.status).toBe('needs_approval');
    expect(preview.error?.code).toBe('APPROVAL_REQUIRED');
    const executed = await toolbox.execute(call('reports/q1'), { requestContext });
    expect(executed.outcome).toBe('action_required');
    expect(runs()).toBe(0);
  });

  test('a missing required capability previews deny, as execute denies it', async () => {
    const { toolbox } = setup();
    const withoutCapability = { authority: { ...authority, capabilities: [] } };
    const preview = await previewToolCall(toolbox, call('reports/q1'), { requestContext: withoutCapability });
    expect(preview.status).toBe('deny');
    const executed = await toolbox.execute(call('reports/q1'), { requestContext: withoutCapability });
    expect(executed.outcome).toBe('denied');
    expect(preview.error?.code).toBe(executed.error?.code);
  });

  test('a matching grant previews allow without taking one of its uses', async () => {
    const { toolbox, runs } = setup();
    await toolbox.issueGrant({
      principalId: 'principal-1',
      tenantId: 'tenant-1',
      toolName: 'publish-report',
      resourcePattern: 'reports/*',
      scope: 'session',
      sessionId: 'session-1',
      expiresAt: Date.now() + 60_000,
      maxUses: 1,
    });
    for (let index = 0; index < 3; index++) {
      expect((await previewToolCall(toolbox, call('reports/q1'), { requestContext })).status).toBe('allow');
    }
    expect((await previewToolCall(toolbox, call('secrets/x'), { requestContext })).status).toBe(
      'needs_approval',
    );
    expect((await toolbox.execute(call('reports/q1'), { requestContext })).outcome).toBe('success');
    expect(runs()).toBe(1);
    // The one use is spent: now both preview and execute ask.
    expect((await previewToolCall(toolbox, call('reports/q2'), { requestContext })).status).toBe(
      'needs_approval',
    );
    expect((await toolbox.execute(call('reports/q2'), { requestContext })).outcome).toBe('action_required');
  });

  test('a tool the policy does not gate previews allow', async () => {
    const { toolbox } = setup();
    const preview = await previewToolCall(
      toolbox,
      { id: 'c', name: 'look-up', arguments: { term: 'x' } },
      { requestContext },
    );
    expect(preview.status).toBe('allow');
  });

  test('property: preview and execute agree on whether a call runs, pauses or is denied', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('publish-report', 'look-up'),
        fc.boolean(),
        fc.constantFrom('reports/a', 'secrets/b'),
        fc.boolean(),
        async (name, hasCapability, resource, granted) => {
          const { toolbox } = setup();
          const context = {
            ...requestContext,
            authority: { ...authority, capabilities: hasCapability ? ['reports:publish'] : [] },
          };
          if (granted) {
            await toolbox.issueGrant({
              principalId: 'principal-1',
              tenantId: 'tenant-1',
              toolName: 'publish-report',
              resourcePattern: 'reports/*',
              scope: 'session',
              sessionId: 'session-1',
              expiresAt: Date.now() + 60_000,
              maxUses: 5,
            });
          }
          const probe = {
            id: 'c',
            name,
            arguments: name === 'publish-report' ? { resource } : { term: resource },
          };
          const preview = await previewToolCall(toolbox, probe, { requestContext: context });
          const executed = await toolbox.execute(probe, { requestContext: context });
          const expected = { success: 'allow', action_required: 'needs_approval', denied: 'deny' } as const;
          expect(preview.status).toBe(expected[executed.outcome as keyof typeof expected]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
