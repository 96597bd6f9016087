/**
 * The grants of the grant-lookup bench: `tenants` tenants of `perTenant` grants each, every grant signed,
 * spread over 10 principals and 5 tools per tenant, so each (tenant, principal, tool) holds `perTenant / 50`
 * grants. Every tenant has the looked-up principal and tool: a store that reads by principal and tool alone
 * (or every grant) reads other tenants' grants; one indexed by tenant reads only its own.
 */
import {
  createNonce,
  GRANT_VERSION,
  type GrantFilter,
  type ReusableApprovalGrant,
  signGrant,
} from '@armorer/approval';

export const SECRET = `bench-${createNonce()}`;
export const TOOLS = ['send-payment', 'read-file', 'write-file', 'list-files', 'delete-file'] as const;

/** The tenant every lookup is made for. */
export const LOOKED_UP_TENANT = 'tenant-0';

/** What the bench looks up, as the pipeline does for one approval-gated call. */
export const LOOKUP: GrantFilter = {
  tenantId: LOOKED_UP_TENANT,
  principalId: 'user-1',
  toolName: 'send-payment',
};

/** The signed grants of one tenant. */
export function tenantGrants(tenantId: string, perTenant: number, now: number): ReusableApprovalGrant[] {
  const grants: ReusableApprovalGrant[] = [];
  for (let index = 0; index < perTenant; index++) {
    const unsigned: ReusableApprovalGrant = {
      version: GRANT_VERSION,
      id: `grant:${tenantId}:${index}:${createNonce().slice(0, 8)}`,
      principalId: `user-${index % 10}`,
      tenantId,
      toolName: TOOLS[Math.floor(index / 10) % TOOLS.length] as string,
      resourcePattern: 'reports/*',
      scope: 'principal',
      issuedAt: now,
      expiresAt: now + 24 * 60 * 60 * 1000,
      maxUses: 1000,
      usesRemaining: 1000,
      policyRevision: 'policy-1',
      revoked: false,
      delegationBehavior: 'does-not-propagate',
      signature: '',
    };
    grants.push({ ...unsigned, signature: signGrant(unsigned, SECRET) });
  }
  return grants;
}

/** Every tenant but the looked-up one, `tenant-1` to `tenant-<tenants - 1>`. */
export function otherTenants(tenants: number): string[] {
  return Array.from({ length: tenants - 1 }, (_, index) => `tenant-${index + 1}`);
}
