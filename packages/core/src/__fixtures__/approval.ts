import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  type IssuedApprovalBinding,
} from '@armorer/approval';
import { z } from 'zod';
import type { PendingApproval, ToolPolicy } from '../policy/types';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import type { ToolboxOptions } from '../toolbox/types';

export const SECRET = 'test-approval-secret-0123456789abcdef';

/** The request context every approval test acts under. */
export const requestContext = Object.freeze({
  authority: Object.freeze({
    principalId: 'user-1',
    tenantId: 'tenant-1',
    ownerId: 'session-1',
    capabilities: Object.freeze(['payments:send']),
    authorizationRevision: 'auth-1',
  }),
  audience: 'tenant',
  agentId: 'agent-1',
  runId: 'run-1',
});

/** A paying tool that counts how often it really ran. */
export function makePayTool(runs: { count: number }) {
  return createTool({
    name: 'send-payment',
    description: 'Send money to a payee',
    input: z.object({ payee: z.string().min(1), cents: z.number().int().positive() }),
    metadata: { mutates: true },
    async execute({ payee, cents }) {
      runs.count++;
      return { paid: payee, cents };
    },
  });
}

/** Pauses every call to `send-payment` for approval unless a person already approved it. */
export const pausingPolicy: ToolPolicy = {
  beforeExecute(context) {
    if (context.approval?.approved) return { allow: true };
    return { status: 'needs_approval', reason: 'Payments need a person' };
  },
};

/** A toolbox over a shared store, built the way a second process would build it. */
export function makeApprovalToolbox(
  runs: { count: number },
  options: Partial<ToolboxOptions> & { approvalStateStore?: ApprovalStateStore } = {},
) {
  return createToolbox([makePayTool(runs)], {
    approvalSecret: SECRET,
    approvalStateStore: options.approvalStateStore ?? createProcessLocalApprovalStateStore(),
    policy: pausingPolicy,
    policyRevision: 'policy-1',
    toolboxRevision: 'toolbox-1',
    approvalRevision: 'approval-1',
    ...options,
  });
}

/** Pauses one payment and returns its descriptor as it comes back from JSON storage. */
export async function pausePayment(
  toolbox: ReturnType<typeof makeApprovalToolbox>,
  id = 'call-1',
  args: Record<string, unknown> = { payee: 'ada', cents: 500 },
): Promise<PendingApproval & { binding: IssuedApprovalBinding }> {
  const result = await toolbox.execute({ id, name: 'send-payment', arguments: args }, { requestContext });
  if (result.outcome !== 'action_required' || result.pendingApproval?.binding === undefined) {
    throw new Error(`expected a signed pause, got ${result.outcome}`);
  }
  return JSON.parse(JSON.stringify(result.pendingApproval));
}
