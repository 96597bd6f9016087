import type { ApprovalRequestView } from '../binding/types';

/** The request the binding tests sign over; each test file changes what it needs. */
export function requestView(changes: Partial<ApprovalRequestView> = {}): ApprovalRequestView {
  return {
    principalId: 'u1',
    tenantId: 't1',
    ownerId: 'o1',
    audience: 'tenant',
    agentId: 'a1',
    runId: 'r1',
    authorizationRevision: 3,
    capabilities: ['read', 'write'],
    toolboxRevision: 'tb1',
    toolDefinitionRevision: 'td1',
    policyRevision: 'p1',
    approvalRevision: 'ap1',
    ...changes,
  };
}
