import {
  APPROVAL_BINDING_V2,
  createSigningKey,
  openApprovalBinding,
  signApprovalPayload,
  type UnsignedApprovalPayload,
} from '@armorer/approval';
import { createTool, createToolbox, type PendingApproval, type Toolbox } from '@armorer/core';
import { z } from 'zod';

export const SECRET = 'bench-approval-secret-0123456789abcdef';

/** The request every case runs under: a host authority with one capability. */
export const requestContext = Object.freeze({
  authority: Object.freeze({
    principalId: 'user-1',
    tenantId: 'tenant-1',
    ownerId: 'session-1',
    capabilities: Object.freeze(['math:use']),
    authorizationRevision: 'auth-1',
  }),
  audience: 'tenant',
  agentId: 'agent-1',
  runId: 'run-1',
});

function addTool() {
  return createTool({
    name: 'add-numbers',
    description: 'Add two numbers together',
    input: z.object({ a: z.number(), b: z.number() }),
    async execute({ a, b }) {
      return a + b;
    },
  });
}

const call = { id: 'call-1', name: 'add-numbers', arguments: { a: 1, b: 2 } } as const;

/** The same call through a toolbox with no approval, and through one whose approval policy lets it pass. */
export function createPolicyCases(): {
  readonly baseline: () => Promise<unknown>;
  readonly policy: () => Promise<unknown>;
} {
  const plain = createToolbox([addTool()]);
  const gated = createToolbox([addTool()], {
    approvalSecret: SECRET,
    // Capability axis checked on every call; the ask axis does not select this (non-mutating) tool.
    approvalPolicy: { mode: 'risky', requiredCapabilities: { 'add-numbers': ['math:use'] } },
  });
  return {
    baseline: async () => (await plain.execute(call, { requestContext })).result,
    policy: async () => (await gated.execute(call, { requestContext })).result,
  };
}

/**
 * One realistic binding, signed then verified per operation, in the format toolboxes issue (version 2:
 * the signature covers the payload text; verifying decodes it).
 */
export function createSignVerifyCase(): () => boolean {
  const key = createSigningKey(SECRET);
  const unsigned: UnsignedApprovalPayload = {
    version: APPROVAL_BINDING_V2,
    kind: 'approval',
    principalId: 'user-1',
    tenantId: 'tenant-1',
    ownerId: 'session-1',
    audience: 'tenant',
    agentId: 'agent-1',
    runId: 'run-2f1c9a7e',
    authorizationRevision: 'auth-1',
    capabilities: ['math:use', 'payments:send'],
    toolboxRevision: 'toolbox-1',
    toolDefinitionRevision: 'tooldef_d530b66e0ab47b9e',
    policyRevision: 'policy-1',
    approvalRevision: 'approval-1',
    toolName: 'send-payment',
    callId: 'call_8f2a0c1d9e7b',
    arguments: { payee: 'acct_4242', cents: 12_500, memo: 'invoice 2026-11' },
    issuedAt: 1_796_154_781_327,
    expiresAt: 1_796_241_181_327,
    nonce: 'f9d029046203bbd82723226a8d48bc2b',
    replayScope: 'tenant=tenant-1;principal=user-1',
  };
  return () => {
    const envelope = signApprovalPayload(unsigned, key);
    return openApprovalBinding(envelope, key).signature.length === 64;
  };
}

/** A toolbox that pauses every call, and descriptors of paused calls as they come back from storage. */
export async function createResumeFixture(count: number): Promise<{
  readonly toolbox: Toolbox;
  readonly descriptors: readonly PendingApproval[];
  readonly plain: () => Promise<unknown>;
}> {
  const toolbox = createToolbox([addTool()], { approvalSecret: SECRET, approvalPolicy: { mode: 'always' } });
  const plainToolbox = createToolbox([addTool()], { approvalSecret: SECRET });
  const descriptors: PendingApproval[] = [];
  for (let index = 0; index < count; index++) {
    const paused = await toolbox.execute({ ...call, id: `call-${index}` }, { requestContext });
    descriptors.push(JSON.parse(JSON.stringify(paused.pendingApproval)) as PendingApproval);
  }
  return {
    toolbox,
    descriptors,
    plain: async () => (await plainToolbox.execute(call, { requestContext })).result,
  };
}
