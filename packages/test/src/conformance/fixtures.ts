import {
  APPROVAL_BINDING_VERSION,
  type ApprovalBindingV1,
  type ApprovalRequestView,
  createNonce,
  GRANT_VERSION,
  type ReusableApprovalGrant,
  signApprovalBinding,
  signGrant,
} from '@armorer/approval';

/** A random secret per suite run: stores never see it, bindings and grants are just well formed. */
export const CONFORMANCE_SECRET = `conformance-${createNonce()}`;

/** The request view the fixture bindings are issued under. @internal */
export function fixtureView(overrides: Partial<ApprovalRequestView> = {}): ApprovalRequestView {
  return {
    principalId: 'principal-1',
    tenantId: 'tenant-1',
    ownerId: 'owner-1',
    audience: 'tenant',
    agentId: 'agent-1',
    runId: 'run-1',
    authorizationRevision: 7,
    capabilities: ['files:read', 'files:write'],
    toolboxRevision: 'toolbox-1',
    toolDefinitionRevision: 'tooldef-1',
    policyRevision: 'policy-1',
    approvalRevision: 'approval-1',
    ...overrides,
  };
}

/** A freshly signed binding with a unique nonce, valid for an hour from `now`. @internal */
export function fixtureBinding(now: number, overrides: Partial<ApprovalBindingV1> = {}): ApprovalBindingV1 {
  const view = fixtureView();
  const nonce = createNonce();
  return signApprovalBinding(
    {
      ...view,
      version: APPROVAL_BINDING_VERSION,
      kind: 'approval',
      toolName: 'send-email',
      callId: `call-${nonce}`,
      argumentsDigest: '0'.repeat(64),
      issuedAt: now,
      expiresAt: now + 60 * 60 * 1000,
      nonce,
      replayScope: 'tenant=tenant-1;principal=principal-1',
      ...overrides,
    },
    CONFORMANCE_SECRET,
  );
}

/** A freshly signed grant with a unique id. @internal */
export function fixtureGrant(overrides: Partial<ReusableApprovalGrant> = {}): ReusableApprovalGrant {
  const now = Date.now();
  const grant: ReusableApprovalGrant = {
    version: GRANT_VERSION,
    id: `grant:${createNonce()}`,
    principalId: 'principal-1',
    tenantId: 'tenant-1',
    ownerId: 'owner-1',
    agentId: 'agent-1',
    toolName: 'read-file',
    resourcePattern: 'reports/*',
    argumentConstraints: { mode: 'text' },
    scope: 'session',
    sessionId: 'session-1',
    issuedAt: now,
    expiresAt: now + 60 * 60 * 1000,
    maxUses: 5,
    usesRemaining: 5,
    policyRevision: 'policy-1',
    revoked: false,
    delegationBehavior: 'does-not-propagate',
    signature: '',
    ...overrides,
  };
  return { ...grant, signature: signGrant(grant, CONFORMANCE_SECRET) };
}
