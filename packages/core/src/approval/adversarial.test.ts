import { describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import {
  makeApprovalToolbox,
  makePayTool,
  pausePayment,
  requestContext,
  SECRET,
} from '../__fixtures__/approval';
import type { ToolResult } from '../execution/types';
import type { RequestContext } from '../policy/request-context';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/** One toolbox, one store, a paused approval and a paused sibling. */
async function setup(options: Parameters<typeof makeApprovalToolbox>[1] = {}) {
  const runs = { count: 0 };
  const approvalStateStore = options.approvalStateStore ?? createProcessLocalApprovalStateStore();
  const toolbox = makeApprovalToolbox(runs, { ...options, approvalStateStore });
  const descriptor = await pausePayment(toolbox, 'call-target');
  const sibling = await pausePayment(toolbox, 'call-sibling', { payee: 'bob', cents: 7 });
  /** The refusal left everything usable: the tool never ran, the binding is issued, the sibling resumes. */
  async function expectFailedClosed(reason: string | RegExp) {
    expect(runs.count).toBe(0);
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    const resumed = await toolbox.resumeApproval(sibling, { requestContext });
    expect(resumed.outcome).toBe('success');
    expect(runs.count).toBe(1);
    return reason;
  }
  return { runs, toolbox, descriptor, sibling, approvalStateStore, expectFailedClosed };
}

function expectRefused(result: ToolResult, reason?: string) {
  expect(result.outcome).not.toBe('success');
  if (reason !== undefined) expect(result.error?.details?.reason).toBe(reason);
}

const withAuthority = (change: Record<string, unknown>): RequestContext => ({
  ...requestContext,
  authority: { ...requestContext.authority, ...change },
});

describe('resumes that must fail closed', () => {
  test('tampering with any signed field or the signature', async () => {
    const { toolbox, descriptor, expectFailedClosed } = await setup();
    for (const field of Object.keys(descriptor.binding)) {
      const value = (descriptor.binding as unknown as Record<string, unknown>)[field];
      const tampered =
        typeof value === 'number'
          ? value + 1
          : Array.isArray(value)
            ? [...value, 'admin']
            : value === null
              ? 'forged'
              : typeof value === 'string' && (field === 'signature' || field === 'argumentsDigest')
                ? `${value.slice(0, -1)}${value.endsWith('0') ? '1' : '0'}`
                : `${String(value)}x`;
      const forged = { ...descriptor, binding: { ...descriptor.binding, [field]: tampered } };
      expectRefused(await toolbox.resumeApproval(forged, { requestContext }));
    }
    for (const proposedCall of [
      { ...descriptor.proposedCall, arguments: { payee: 'mallory', cents: 500 } },
      { ...descriptor.proposedCall, id: 'call-other' },
      { ...descriptor.proposedCall, name: 'other-tool' },
      { ...descriptor.proposedCall, arguments: null },
    ]) {
      const forged = { ...descriptor, proposedCall };
      expectRefused(await toolbox.resumeApproval(forged, { requestContext }), 'invalid-descriptor');
    }
    for (const broken of [
      undefined,
      null,
      'x',
      [],
      {},
      { ...descriptor, binding: 'x' },
      { ...descriptor, binding: undefined },
    ]) {
      expectRefused(await toolbox.resumeApproval(broken, { requestContext }));
    }
    await expectFailedClosed('tampering');
  });

  test('a descriptor signed under another secret', async () => {
    const { runs, descriptor, approvalStateStore } = await setup();
    const other = makeApprovalToolbox(runs, {
      approvalStateStore,
      approvalSecret: 'another-secret-entirely, 32 bytes long',
    });
    expectRefused(await other.resumeApproval(descriptor, { requestContext }), 'invalid-signature');
    expect(runs.count).toBe(0);
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
  });

  test('no or empty approvalSecret', async () => {
    const { runs, descriptor, approvalStateStore } = await setup();
    // A toolbox without any approval option cannot verify, so refuses; one whose secret is unset is not built.
    const secretless = createToolbox([makePayTool(runs)]);
    expectRefused(await secretless.resumeApproval(descriptor, { requestContext }), 'missing-secret');
    expect(() => makeApprovalToolbox(runs, { approvalStateStore, approvalSecret: undefined })).toThrow(
      /approvalSecret/,
    );
    expect(() => makeApprovalToolbox(runs, { approvalSecret: '' })).toThrow(/approvalSecret/);
    expect(() => makeApprovalToolbox(runs, { approvalSecret: new Uint8Array(0) })).toThrow(/approvalSecret/);
    expect(runs.count).toBe(0);
  });

  test('replay: sequential, from a JSON copy, 50 concurrent, and across two toolboxes over one store', async () => {
    const { runs, toolbox, descriptor, approvalStateStore } = await setup();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        toolbox.resumeApproval(JSON.parse(JSON.stringify(descriptor)), { requestContext }),
      ),
    );
    expect(results.filter((result) => result.outcome === 'success')).toHaveLength(1);
    expect(runs.count).toBe(1);
    expectRefused(await toolbox.resumeApproval(descriptor, { requestContext }), 'already-consumed');
    const second = makeApprovalToolbox(runs, { approvalStateStore });
    expectRefused(await second.resumeApproval(descriptor, { requestContext }), 'already-consumed');
    const fresh = await pausePayment(toolbox, 'call-race');
    const raced = await Promise.all([
      ...Array.from({ length: 25 }, () => toolbox.resumeApproval(fresh, { requestContext })),
      ...Array.from({ length: 25 }, () => second.resumeApproval(fresh, { requestContext })),
    ]);
    expect(raced.filter((result) => result.outcome === 'success')).toHaveLength(1);
    expect(runs.count).toBe(2);
  });

  test('another tenant, principal, owner, audience, agent or run; authorization or capabilities changed', async () => {
    const { toolbox, descriptor, expectFailedClosed } = await setup();
    const cases: [RequestContext, string][] = [
      [withAuthority({ tenantId: 'tenant-2' }), 'tenant-mismatch'],
      [withAuthority({ tenantId: undefined }), 'tenant-mismatch'],
      [withAuthority({ principalId: 'user-2' }), 'principal-mismatch'],
      [withAuthority({ ownerId: 'session-2' }), 'owner-mismatch'],
      [withAuthority({ authorizationRevision: 'auth-2' }), 'authorization-mismatch'],
      [withAuthority({ capabilities: ['payments:send', 'admin'] }), 'capability-mismatch'],
      [{ ...requestContext, audience: 'public' }, 'audience-mismatch'],
      [{ ...requestContext, agentId: 'agent-2' }, 'agent-mismatch'],
      [{ ...requestContext, runId: 'run-2' }, 'run-mismatch'],
      [{}, 'tenant-mismatch'],
    ];
    for (const [context, reason] of cases) {
      expectRefused(await toolbox.resumeApproval(descriptor, { requestContext: context }), reason);
    }
    expectRefused(
      await toolbox.resumeApproval(descriptor, { requestContext, ownerId: 'session-9' }),
      'owner-mismatch',
    );
    await expectFailedClosed('identity');
  });

  test('no request context', async () => {
    const { toolbox, descriptor, expectFailedClosed } = await setup();
    expectRefused(await toolbox.resumeApproval(descriptor, undefined as never), 'missing-request-context');
    expectRefused(await toolbox.resumeApproval(descriptor, {} as never), 'missing-request-context');
    expectRefused(
      await toolbox.resumeApproval(descriptor, { requestContext: null as never }),
      'missing-request-context',
    );
    await expectFailedClosed('no context');
  });

  test('expiry through approvalNow and through a short TTL', async () => {
    let now = 1_800_000_000_000;
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const clocked = await setup({ approvalStateStore, approvalNow: () => now, approvalBindingTtlMs: 1000 });
    now += 1000;
    expectRefused(await clocked.toolbox.resumeApproval(clocked.descriptor, { requestContext }), 'expired');
    expect(clocked.runs.count).toBe(0);
    await expect(clocked.toolbox.restoreApproval(clocked.descriptor)).rejects.toMatchObject({
      code: 'expired',
    });
    const short = await setup({ approvalBindingTtlMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectRefused(await short.toolbox.resumeApproval(short.descriptor, { requestContext }), 'expired');
    expect(short.runs.count).toBe(0);
    expect(await short.approvalStateStore.state(parseApprovalBinding(short.descriptor.binding))).toBe(
      'issued',
    );
    expect(() => makeApprovalToolbox(short.runs, { approvalBindingTtlMs: 0 })).toThrow(
      /approvalBindingTtlMs/,
    );
  });

  test('revocation', async () => {
    const { toolbox, descriptor, runs, sibling } = await setup();
    await toolbox.revokeApproval(descriptor);
    expectRefused(await toolbox.resumeApproval(descriptor, { requestContext }), 'revoked');
    expect(runs.count).toBe(0);
    expect((await toolbox.resumeApproval(sibling, { requestContext })).outcome).toBe('success');
  });

  test('revision changes: policy, toolbox, approval, tool definition', async () => {
    const { runs, descriptor, approvalStateStore, expectFailedClosed } = await setup();
    for (const change of [
      { policyRevision: 'policy-2' },
      { toolboxRevision: 'toolbox-2' },
      { approvalRevision: 'approval-2' },
    ]) {
      const changed = makeApprovalToolbox(runs, { approvalStateStore, ...change });
      expectRefused(await changed.resumeApproval(descriptor, { requestContext }), 'revision-mismatch');
    }
    const { z } = await import('zod');
    const redefined = createToolbox(
      [
        createTool({
          name: 'send-payment',
          description: 'Send money to a payee (now in any currency)',
          input: z.object({ payee: z.string(), cents: z.number() }),
          execute: () => {
            runs.count++;
          },
        }),
      ],
      {
        approvalSecret: SECRET,
        approvalStateStore,
        policyRevision: 'policy-1',
        toolboxRevision: 'toolbox-1',
        approvalRevision: 'approval-1',
      },
    );
    expectRefused(await redefined.resumeApproval(descriptor, { requestContext }), 'revision-mismatch');
    const missingTool = createToolbox([], {
      approvalSecret: SECRET,
      approvalStateStore,
    });
    expectRefused(await missingTool.resumeApproval(descriptor, { requestContext }), 'tool-mismatch');
    await expectFailedClosed('revisions');
  });

  test('edited arguments that fail the schema', async () => {
    const { toolbox, descriptor, expectFailedClosed } = await setup();
    for (const args of [{ payee: '', cents: 5 }, { payee: 'ada', cents: -1 }, { payee: 'ada' }, null, 'x']) {
      const result = await toolbox.resumeApproval(descriptor, { requestContext, arguments: args as never });
      expect(result.outcome).toBe('error');
      expect(['INVALID_ARGUMENTS', 'MALFORMED_ARGUMENTS']).toContain(result.error?.code as string);
    }
    await expectFailedClosed('schema');
  });

  test('a policy that now denies', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    let denyResumes = true;
    const toolbox = makeApprovalToolbox(runs, {
      approvalStateStore,
      policy: {
        beforeExecute(context) {
          if (!context.approval) return { status: 'needs_approval' };
          if (denyResumes && context.call.id === 'call-target')
            return { allow: false, reason: 'frozen account' };
          return undefined;
        },
      },
    });
    const descriptor = await pausePayment(toolbox, 'call-target');
    const sibling = await pausePayment(toolbox, 'call-sibling');
    const denied = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(denied).toMatchObject({ outcome: 'denied', error: { code: 'POLICY_DENIED' } });
    expect(runs.count).toBe(0);
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    expect((await toolbox.resumeApproval(sibling, { requestContext })).outcome).toBe('success');
    denyResumes = false;
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect(runs.count).toBe(2);
  });

  test('a store that fails to commit keeps the tool from running', async () => {
    const runs = { count: 0 };
    const inner = createProcessLocalApprovalStateStore();
    const approvalStateStore = { ...inner, commit: () => Promise.reject(new Error('disk full')) };
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const descriptor = await pausePayment(toolbox);
    const result = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(result).toMatchObject({ outcome: 'denied', error: { code: 'APPROVAL_INVALID' } });
    expect(runs.count).toBe(0);
    expect(await inner.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
  });
});
